/** `--s3` on a bench's command line: run the store on a local S3-compatible server instead. */
export const useS3 = process.argv.includes('--s3')

/** The tests' local S3-compatible server (s3rver, in the bench's process) with one bucket. */
export { startLocalS3 as startS3 } from '../src/server/testing/local-s3.js'
