import { and, eq, inArray, lte } from 'drizzle-orm'
import { paidCycleOrders } from './clube-grants.js'
import type { SubscriptionContext } from './subscription-context.js'
import { BATCH, dateBR } from './subscription-deps.js'
import { days } from './subscription-periods.js'
import { subscriptions } from './subscriptions.tables.js'

const paused = {
  subject: 'Sua assinatura do clube foi pausada',
  paragraphs: [
    'O PIX do novo período não foi pago a tempo, então o acesso aos materiais do clube foi pausado. Os materiais que você comprou à parte continuam com você.',
    'Pague o PIX que enviamos (ele continua valendo) e o acesso volta na hora.',
  ],
  button: { label: 'Ver minha conta', path: '/dashboard' },
}

/**
 * The ends of periods: a cancelled subscription ends with its paid period, an unpaid one is 'em
 * atraso' at its end and 'pausada' after `grace_days` (the clube's materials go until she pays).
 */
export function periodEnds(ctx: SubscriptionContext) {
  const { deps, move } = ctx
  const { db } = deps

  return {
    /** The renewal job's second step: what ended, fell late or paused by `now`. */
    async endDue(now: Date, grace: number) {
      let late = 0
      let pausedCount = 0
      let ended = 0

      const over = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['ativa', 'cancelada']),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        )
        .limit(BATCH)
      for (const sub of over) {
        if (sub.status === 'cancelada') {
          const done = await move(
            sub,
            ['cancelada'],
            'encerrada',
            async (tx) => deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, sub.id)),
            { endedAt: now },
          )
          if (done) ended++
          continue
        }
        const mail = await deps.mail.compose({
          subject: 'O PIX do seu clube venceu',
          paragraphs: [
            `O período da sua assinatura terminou em ${dateBR.format(sub.currentPeriodEnd!)} e o PIX do novo período ainda não foi pago.`,
            `Os materiais continuam liberados por ${grace} ${grace === 1 ? 'dia' : 'dias'}; pague o PIX que enviamos por e-mail para não perder o acesso.`,
          ],
          button: { label: 'Ver minha conta', path: '/dashboard' },
        })
        const moved = await move(sub, ['ativa'], 'em_atraso', async (tx) => {
          await deps.mail.enqueue(tx, {
            ...mail,
            dedupeKey: `subscription:${sub.id}:late:${sub.currentPeriodEnd!.toISOString()}`,
            to: sub.email,
          })
        })
        if (moved) late++
      }

      const lapsed = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'em_atraso'),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - days(grace))),
          ),
        )
        .limit(BATCH)
      if (lapsed.length > 0) {
        const mail = await deps.mail.compose(paused)
        for (const sub of lapsed) {
          const moved = await move(sub, ['em_atraso'], 'pausada', async (tx) => {
            await deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, sub.id))
            await deps.mail.enqueue(tx, {
              ...mail,
              dedupeKey: `subscription:${sub.id}:paused:${sub.currentPeriodEnd!.toISOString()}`,
              to: sub.email,
            })
          })
          if (moved) pausedCount++
        }
      }
      return { late, paused: pausedCount, ended }
    },
  }
}
