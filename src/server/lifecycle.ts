import type { ServerResponse } from 'node:http'

/**
 * What a store shutting down tells its routes (docs/decisions/019-operations.md): /readyz stops
 * saying ready, answers ask for their connection to be closed, and downloads still running can
 * be cut once the drain limit has passed, their clients resuming with Range on the next instance.
 */
export interface Lifecycle {
  readonly draining: boolean
  beginDrain(): void
  /** A download being written by hand (send-file.ts); forgotten when its response closes. */
  trackDownload(res: ServerResponse): void
  /** Downloads running now. */
  downloads(): number
  /** Ends every download still running (the bytes already written go out first); how many. */
  cutDownloads(): number
}

export function createLifecycle(): Lifecycle {
  let draining = false
  const running = new Set<ServerResponse>()
  return {
    get draining() {
      return draining
    },
    beginDrain() {
      draining = true
    },
    trackDownload(res) {
      if (res.destroyed) return
      running.add(res)
      res.once('close', () => running.delete(res))
    },
    downloads: () => running.size,
    cutDownloads() {
      const cut = running.size
      for (const res of running) {
        // The socket closes (a FIN once the kernel has sent what it holds): the client sees fewer
        // bytes than the Content-Length it was promised and asks for the rest (Range) next time.
        res.destroy()
      }
      running.clear()
      return cut
    },
  }
}
