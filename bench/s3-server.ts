import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** `--s3` on a bench's command line: run the store on a local S3-compatible server instead. */
export const useS3 = process.argv.includes('--s3')

/**
 * A local S3-compatible server (s3rver, in this process, its objects in a temporary folder)
 * with one bucket, and the environment that points the store at it.
 */
export async function startS3(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'loja-bench-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'loja' }],
  })
  const { port } = await server.run()
  return {
    env: {
      S3_BUCKET: 'loja',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
