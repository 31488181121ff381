import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { redisAvailable, TEST_REDIS_URL, testRedisPrefix } from '../testing/redis.js'
import { redisChangeSignal, type ChangeSignal } from './change-signal.js'
import { openRedis } from './redis.js'

const runs = await redisAvailable()

/** A free port on this machine, where nothing listens yet. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe.skipIf(!runs)('the Redis change signal', () => {
  const sockets: Socket[] = []
  let proxy: Server | undefined
  let signal: ChangeSignal | undefined
  let redis: Redis | undefined
  afterAll(async () => {
    await signal?.close()
    redis?.disconnect()
    for (const socket of sockets) socket.destroy()
    proxy?.close()
  })

  it('subscribes once Redis is back when it was down at start, then reloads and hears', async () => {
    const port = await freePort()
    const warn = vi.fn()
    const log = { warn, error: vi.fn() } as unknown as FastifyBaseLogger
    redis = openRedis(`redis://127.0.0.1:${port}`, '', log)
    const prefix = testRedisPrefix()
    signal = redisChangeSignal(redis, prefix, log)
    const heard: string[] = []
    const resynced = new Promise<void>((resolve) =>
      signal!.subscribe((t) => heard.push(t), resolve),
    )
    // Nothing listens yet: the first SUBSCRIBE fails, logged through the store's logger.
    await signal.ready
    const messages = () => warn.mock.calls.map((call) => call.at(-1) as string)
    expect(messages()).toContain('change signal: cannot SUBSCRIBE, tried again later')
    expect(messages().filter((m) => m === 'change signal: Redis unreachable')).toHaveLength(1)

    // Redis comes up (a proxy to the real one on that port).
    const target = new URL(TEST_REDIS_URL)
    proxy = createServer((inbound) => {
      const outbound = connect(Number(target.port || 6379), target.hostname)
      sockets.push(inbound, outbound)
      inbound.pipe(outbound).pipe(inbound)
      inbound.on('error', () => outbound.destroy())
      outbound.on('error', () => inbound.destroy())
    })
    await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve))
    await resynced

    const other = new Redis(TEST_REDIS_URL)
    try {
      await other.publish(`${prefix}loja_changes`, JSON.stringify({ from: 'B', topic: 'catalog' }))
    } finally {
      other.disconnect()
    }
    await vi.waitFor(() => expect(heard).toEqual(['catalog']))
  })
})
