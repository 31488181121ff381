import { createServer, connect, type Socket } from 'node:net'

/**
 * A TCP relay to `target` that a test can take down and bring back, as a database restart or
 * failover looks from the application: while down, open connections are cut and new ones are
 * closed as soon as they arrive.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>()
  let down = false
  const server = createServer((inbound) => {
    if (down) return inbound.destroy()
    const outbound = connect(target.port, target.host)
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      open.add(a)
      a.pipe(b)
      a.on('error', () => b.destroy())
      a.on('close', () => {
        open.delete(a)
        b.destroy()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const cutAll = () => {
    for (const socket of open) socket.destroy()
  }
  return {
    port,
    /** From now on the database is unreachable; connections under way are cut. */
    takeDown() {
      down = true
      cutAll()
    },
    bringBack() {
      down = false
    },
    async close() {
      cutAll()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
