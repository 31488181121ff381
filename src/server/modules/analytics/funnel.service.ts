import type { FastifyBaseLogger } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import { and, between, lt, sql } from 'drizzle-orm'
import { STORE_TIME_ZONE, type FunnelStep } from '../../../contracts/analytics.js'
import type { Db } from '../../db/client.js'
import { createDetached } from '../../lib/detached.js'
import { funnelDaily, funnelSalts, funnelVisitors } from './analytics.tables.js'

/** Crawlers, link previews and monitors: not visitors. */
const ROBOT =
  /bot|crawl|spider|slurp|scrape|preview|facebookexternalhit|whatsapp|telegram|headless|lighthouse|pingdom|uptime|curl|wget|python|java\/|go-http|okhttp|node-fetch|axios|undici/i

export const isRobot = (userAgent: string | undefined) => !userAgent || ROBOT.test(userAgent)

/** The calendar day of `at` in the store's time zone, as YYYY-MM-DD. */
export function storeDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(at)
}

/** How many visitor keys one instance remembers to skip repeat writes (then it forgets). */
const SEEN_LIMIT = 50_000

/**
 * The funnel's counts, the way privacy-first analytics count: a visitor is
 * SHA-256(day's salt + address + user agent), the salt a random value made once a day and
 * deleted when the day is over, so a hash cannot be tied to an address nor followed from one day
 * to the next; no cookie, and neither the address nor the browser is stored. Each step counts
 * a visitor once a day. Writes happen after the answer (never slowing a page) and a failure is
 * only logged: a lost count is not worth a buyer's error.
 */
export function createFunnelService(deps: { db: Db; log: FastifyBaseLogger; now?: () => Date }) {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const detached = createDetached(deps.log, 'funnel count')
  let salt: { day: string; value: string } | null = null
  const seen = new Set<string>()

  async function saltOf(day: string): Promise<string> {
    if (salt?.day === day) return salt.value
    // Another instance may have made today's salt first: the stored one wins for everyone.
    await db
      .insert(funnelSalts)
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflictDoNothing()
    const [row] = await db
      .select({ salt: funnelSalts.salt })
      .from(funnelSalts)
      .where(sql`${funnelSalts.day} = ${day}`)
    // A new day: yesterday's salt and visitor hashes go (the daily counts stay).
    await db.delete(funnelSalts).where(lt(funnelSalts.day, day))
    await db.delete(funnelVisitors).where(lt(funnelVisitors.day, day))
    seen.clear()
    salt = { day, value: row!.salt }
    return salt.value
  }

  async function count(step: FunnelStep, ip: string, userAgent: string) {
    const day = storeDay(now())
    const hash = createHash('sha256')
      .update(`${await saltOf(day)}|${ip}|${userAgent}`)
      .digest('base64url')
      .slice(0, 22)
    const key = `${day}|${step}|${hash}`
    if (seen.has(key)) return
    if (seen.size >= SEEN_LIMIT) seen.clear()
    seen.add(key)
    // One statement: the visitor is noted, and only a new one adds to the day's count.
    await db.execute(sql`
      WITH fresh AS (
        INSERT INTO funnel_visitors (day, step, hash) VALUES (${day}, ${step}, ${hash})
        ON CONFLICT DO NOTHING RETURNING day, step
      )
      INSERT INTO funnel_daily (day, step, visitors) SELECT day, step, 1 FROM fresh
      ON CONFLICT (day, step) DO UPDATE SET visitors = funnel_daily.visitors + 1`)
  }

  return {
    /** Counts this request's visitor at `step`, after the answer; robots are not counted. */
    track(step: FunnelStep, req: { ip: string; headers: { 'user-agent'?: string | undefined } }) {
      const userAgent = req.headers['user-agent']
      if (isRobot(userAgent)) return
      detached.run(() => count(step, req.ip, userAgent!))
    },

    /** Distinct visitors per step, summed over the days of [from, to] (YYYY-MM-DD). */
    async totals(from: string, to: string): Promise<Partial<Record<FunnelStep, number>>> {
      const rows = await db
        .select({ step: funnelDaily.step, n: sql<number>`sum(${funnelDaily.visitors})::int` })
        .from(funnelDaily)
        .where(and(between(funnelDaily.day, from, to)))
        .groupBy(funnelDaily.step)
      return Object.fromEntries(rows.map((r) => [r.step, Number(r.n)]))
    },

    /** Waits for the counts under way (closing the app; tests that read them). */
    drain: () => detached.drain(),
  }
}

export type FunnelService = ReturnType<typeof createFunnelService>
