import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface LocalS3 {
  /** The store's S3_* environment, on the first bucket. */
  env: Record<string, string>
  endpoint: string
  /** Stops the server (again is harmless) and removes its folder. */
  close(): Promise<void>
  /** Stops the server only, to see the store lose its bucket. */
  stop(): Promise<void>
}

/**
 * A local S3-compatible server (s3rver, pure JavaScript, in this process) on a free port, its
 * objects in a temporary folder, with these buckets: what the tests and benches point the
 * store at instead of a real bucket.
 */
export async function startLocalS3(buckets: string[] = ['loja']): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  let stopped: Promise<void> | undefined
  const stop = () => (stopped ??= server.close().catch(() => {}))
  return {
    endpoint,
    env: {
      S3_BUCKET: buckets[0]!,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      // The server listens on 127.0.0.1, which the store reaches only when allowed.
      ALLOW_PRIVATE_INTEGRATIONS: '1',
    },
    stop,
    async close() {
      await stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
