import pg from 'pg'

/**
 * A node-postgres pool that outlives its connections: a PostgreSQL restart, a failover or a
 * `pg_terminate_backend` ends them, idle or lent to a request, and the process carries on. The
 * query under way fails (a 503, see connection-errors.ts) and the next ones get new connections.
 */
export function createPool(url: string): pg.Pool {
  // A request waits at most this long for a connection (an unreachable server, a full pool),
  // then answers 503 instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  const lent = new WeakSet<pg.PoolClient>()
  pool.on('acquire', (client) => lent.add(client))
  pool.on('release', (_err, client) => lent.delete(client))
  // A dropped connection emits 'error' on its client. The pool listens only while the client is
  // idle; lent (a transaction under way), an 'error' with no listener would end the process.
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      console.warn(`PostgreSQL: conexão encerrada (${error.message})`)
      if (lent.has(client)) giveBack(client, error)
    }),
  )
  // The pool repeats an idle client's error, already told above, and then discards the client.
  pool.on('error', () => {})
  return pool
}

/**
 * Hands a lent client whose connection is lost back to the pool at once, with the error, so the
 * pool closes it rather than lending it again. Drizzle sends BEGIN before the try/finally that
 * releases the client (drizzle-orm#6023): without this, each transaction whose BEGIN meets a
 * dead connection would hold its client for good, until the pool had nothing left to lend. The
 * borrower's own release, later, does nothing.
 */
function giveBack(client: pg.PoolClient, error: Error) {
  const release = client.release.bind(client)
  client.release = () => {}
  release(error)
}
