import type { FastifyBaseLogger } from 'fastify'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Redis } from './redis.js'

/**
 * Tells the other instances of the store sharing one database that something they keep in
 * memory changed (decision 021). A message carries a topic and the sending instance's id; an
 * instance ignores its own (it acted on the change already). `resync` runs after the signal's
 * connection came back: messages sent meanwhile are lost, so the listener reloads.
 */
export interface ChangeSignal {
  publish(topic: string): void
  subscribe(listener: (topic: string) => void, resync?: () => void): void
  /** Settles once messages from other instances are heard (tests wait for it). */
  ready: Promise<void>
  close(): Promise<void>
}

const CHANNEL = 'loja_changes'
const RECONNECT_MS = 2_000
/** How often the listening connection is asked a query, and how long it has to answer. */
const HEARTBEAT_MS = 45_000
const HEARTBEAT_TIMEOUT_MS = 10_000

interface Message {
  from: string
  topic: string
}

function fanOut(self: string) {
  const listeners: Array<{ listener: (topic: string) => void; resync?: () => void }> = []
  return {
    listeners,
    deliver(raw: string) {
      let message: Message
      try {
        message = JSON.parse(raw) as Message
      } catch {
        return
      }
      if (message.from === self || typeof message.topic !== 'string') return
      for (const { listener } of listeners) listener(message.topic)
    },
    resync() {
      for (const { resync } of listeners) resync?.()
    },
  }
}

/** One process, one instance (PGlite): nothing to tell anyone. */
export function localChangeSignal(): ChangeSignal {
  return { publish() {}, subscribe() {}, ready: Promise.resolve(), close: async () => {} }
}

/** PostgreSQL's LISTEN/NOTIFY on a connection of its own, reopened when it drops. */
export function postgresChangeSignal(
  url: string,
  notify: (channel: string, payload: string) => Promise<unknown>,
  log?: FastifyBaseLogger,
): ChangeSignal {
  const self = randomUUID()
  const fan = fanOut(self)
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  async function connect(again: boolean) {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      // A connection that died silently (failover, a NAT's idle timeout) never errors by itself:
      // TCP keep-alive, and a query now and then that must answer in time, notice it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    })
    let dropped = false
    const drop = (err: unknown, message: string) => {
      if (dropped) return
      dropped = true
      log?.warn({ err }, message)
      void next.end().catch(() => {})
      if (client === next) {
        client = null
        clearInterval(heartbeat)
      }
      retry()
    }
    next.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) fan.deliver(n.payload)
    })
    next.on('error', (err) => drop(err, 'change signal: PostgreSQL connection lost'))
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
    } catch (err) {
      drop(err, 'change signal: cannot LISTEN')
      return
    }
    if (closed) return void (await next.end())
    client = next
    heartbeat = setInterval(() => {
      next.query('SELECT 1').catch((err: unknown) => drop(err, 'change signal: PostgreSQL silent'))
    }, HEARTBEAT_MS)
    heartbeat.unref()
    if (again) fan.resync()
  }
  function retry() {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect(true)
    }, RECONNECT_MS)
    timer.unref()
  }
  const ready = connect(false)

  return {
    publish(topic) {
      const payload = JSON.stringify({ from: self, topic } satisfies Message)
      // Through the store's pool: the listening connection only listens.
      notify(CHANNEL, payload).catch((err: unknown) =>
        log?.warn({ err }, 'change signal: NOTIFY failed'),
      )
    },
    subscribe(listener, resync) {
      fan.listeners.push({ listener, resync })
    },
    ready,
    async close() {
      // A connection still being opened ends itself when it is done (`closed`): not awaited,
      // so an unreachable database never holds up a shutdown.
      closed = true
      clearTimeout(timer)
      clearInterval(heartbeat)
      await client?.end().catch(() => {})
    },
  }
}

/** Redis pub/sub: a subscriber connection of its own (a subscribed connection does nothing else). */
export function redisChangeSignal(
  redis: Redis,
  prefix: string,
  log?: FastifyBaseLogger,
): ChangeSignal {
  const self = randomUUID()
  const fan = fanOut(self)
  // ioredis's keyPrefix does not apply to channels: the store's prefix is added here.
  const channel = `${prefix}${CHANNEL}`
  const subscriber = redis.duplicate()
  let subscribedOnce = false
  /** A SUBSCRIBE under way, and whether one failed (what was sent until one succeeds is lost). */
  let subscribing = false
  let failed = false
  let closed = false
  let down = false
  subscriber.on('message', (from: string, raw: string) => {
    if (from === channel) fan.deliver(raw)
  })
  // Without a listener ioredis prints its errors itself, outside the store's log. Logged when an
  // outage starts and when it ends, as the store's own connection does (lib/redis.ts).
  subscriber.on('error', (err: Error) => {
    if (!down) log?.warn({ err }, 'change signal: Redis unreachable')
    down = true
  })
  /**
   * ioredis subscribes again after a reconnection, but only to channels it subscribed to: a
   * first SUBSCRIBE that failed (Redis down at start) is tried again at each 'ready' until one
   * succeeds, and then the listeners reload.
   */
  function subscribe(): Promise<void> {
    subscribing = true
    return subscriber.subscribe(channel).then(
      () => {
        subscribing = false
        subscribedOnce = true
        if (failed) fan.resync()
      },
      (err: unknown) => {
        subscribing = false
        failed = true
        if (!closed) log?.warn({ err }, 'change signal: cannot SUBSCRIBE, tried again later')
      },
    )
  }
  subscriber.on('ready', () => {
    if (down) log?.warn('change signal: Redis reachable again')
    down = false
    // Once subscribed, ioredis subscribes again itself; what was sent meanwhile is reloaded.
    if (subscribedOnce) fan.resync()
    else if (!subscribing) void subscribe()
  })
  const ready = subscribe()
  return {
    publish(topic) {
      const payload = JSON.stringify({ from: self, topic } satisfies Message)
      redis
        .publish(channel, payload)
        .catch((err: unknown) => log?.warn({ err }, 'change signal: PUBLISH failed'))
    },
    subscribe(listener, resync) {
      fan.listeners.push({ listener, resync })
    },
    ready,
    async close() {
      closed = true
      subscriber.disconnect()
    },
  }
}
