import { and, eq } from 'drizzle-orm'
import { clubeTitle, type SubscriptionView } from '../../../contracts/subscriptions.js'
import type { Db } from '../../db/client.js'
import { singleLine } from '../../../contracts/person-name.js'
import type { OrderAsker } from '../orders/orders.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { conflict, dateBR, notFound, WITHDRAWAL_DAYS } from './subscription-deps.js'
import { days } from './subscription-periods.js'
import { subscriptionCycles } from './subscriptions.tables.js'

type Sub = Awaited<ReturnType<SubscriptionContext['find']>>

/** Her e-mail: greeted, what ends and until when, and the way to her area. */
function cancelledMail(sub: Sub, planName: string, until: string | null, withdraw: boolean) {
  const firstName = sub.customerName.split(' ')[0] || 'cliente'
  return {
    subject: 'Sua assinatura do clube foi cancelada',
    greeting: `Olá, ${firstName}!`,
    paragraphs: [
      `Sua assinatura do ${planName} foi cancelada e nada mais será cobrado.`,
      withdraw
        ? 'Você pediu a desistência com reembolso do primeiro pagamento: quando o reembolso for feito, os materiais do clube saem de Meus materiais e você recebe outro e-mail.'
        : until
          ? `Os materiais do clube continuam liberados em Meus materiais até ${until}. O que você comprou à parte continua com você.`
          : 'O que você comprou à parte continua com você em Meus materiais.',
    ],
    button: sub.userId
      ? { label: 'Ver minha conta', path: '/dashboard' }
      : { label: 'Abrir Meus materiais', path: '/meus-materiais' },
  }
}

/** The owner's: who, which plan, cancelled or withdrawn, and until when she keeps access. */
function ownerCancelledMail(
  sub: Sub,
  planName: string,
  until: string | null,
  opts: { withdraw?: boolean; byAdmin?: boolean },
) {
  const who = `${singleLine(sub.customerName)} (${sub.email})`
  return {
    subject: opts.withdraw
      ? `Desistência com reembolso: ${planName}, ${sub.email}`
      : `Assinatura cancelada: ${planName}, ${sub.email}`,
    paragraphs: [
      `Assinante: ${who}.`,
      opts.withdraw
        ? `Ela desistiu em até ${WITHDRAWAL_DAYS} dias do primeiro pagamento e pediu o reembolso; ele aparece na aba Reembolsos quando precisa da sua decisão.`
        : opts.byAdmin
          ? 'Cancelada pela loja, no painel.'
          : 'Cancelada pela assinante.',
      until
        ? `Nada mais será cobrado; o acesso aos materiais do clube vai até ${until}.`
        : 'Nada mais será cobrado; o acesso aos materiais do clube terminou.',
    ],
    button: { label: 'Ver o clube no painel', path: '/admin?aba=clube' },
  }
}

/** The subscriber's (or the owner's) cancellation, and her withdrawal with its refund. */
export function cancelling(ctx: SubscriptionContext) {
  const { deps, automatico, find, viewOf, move } = ctx
  const { db, orders } = deps

  return {
    /**
     * POST /api/subscriptions/:id/cancel: no further charge (an unpaid cycle's PIX is
     * cancelled), access until the period's end. `withdraw` within 7 days of the first
     * payment also asks the refund of that payment through the refund rules of any order.
     */
    async cancel(
      id: string,
      asker: OrderAsker,
      opts: { withdraw?: boolean; byAdmin?: boolean } = {},
    ): Promise<{ subscription: SubscriptionView; refund: 'refunded' | 'pending' | null }> {
      const sub = await find(id).catch(() => null)
      const owns =
        sub &&
        (opts.byAdmin ||
          (sub.userId !== null && sub.userId === asker.userId) ||
          (asker.guestEmail != null && asker.guestEmail.toLowerCase() === sub.email))
      if (!sub || !owns) throw notFound()
      if (sub.status === 'encerrada') throw conflict('Esta assinatura já terminou.')
      const until = sub.firstPaidAt ? sub.firstPaidAt.getTime() + days(WITHDRAWAL_DAYS) : 0
      if (opts.withdraw && until < deps.now().getTime()) {
        throw conflict(
          `O prazo de ${WITHDRAWAL_DAYS} dias para desistir com reembolso terminou. Você ainda pode cancelar: o acesso vai até o fim do período pago.`,
        )
      }
      const open = await db
        .select({ orderId: subscriptionCycles.orderId })
        .from(subscriptionCycles)
        .where(
          and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.status, 'charged')),
        )
      // Nothing paid and nothing open: ended now; otherwise access lasts to the period's end.
      const ends = sub.status === 'pendente' || sub.status === 'pausada'
      const planName = clubeTitle(
        (await deps.plans.all()).find((p) => p.id === sub.planId)?.name ?? 'do clube',
      )
      const accessUntil = ends || !sub.currentPeriodEnd ? null : dateBR.format(sub.currentPeriodEnd)
      const adminEmail = (await deps.settings.all()).admin_email.trim()
      const [buyerMail, ownerMail] = await Promise.all([
        deps.mail.compose(cancelledMail(sub, planName, accessUntil, opts.withdraw === true)),
        adminEmail
          ? deps.mail.compose(ownerCancelledMail(sub, planName, accessUntil, opts))
          : Promise.resolve(null),
      ])
      const tellOwner = async (tx: Db) => {
        if (!ownerMail) return
        await deps.mail.enqueue(tx, {
          ...ownerMail,
          dedupeKey: `subscription:${sub.id}:${opts.withdraw ? 'withdrawn' : 'cancelled'}:admin`,
          to: adminEmail,
        })
      }
      if (sub.status !== 'cancelada') {
        await move(
          sub,
          ['pendente', 'ativa', 'em_atraso', 'pausada'],
          ends ? 'encerrada' : 'cancelada',
          async (tx) => {
            await deps.mail.enqueue(tx, {
              ...buyerMail,
              dedupeKey: `subscription:${sub.id}:cancelled`,
              to: sub.email,
            })
            await tellOwner(tx)
          },
          { cancelledAt: deps.now(), ...(ends ? { endedAt: deps.now() } : {}) },
        )
        deps.mail.wake()
      } else if (opts.withdraw) {
        // Cancelled before, withdrawn now: the owner hears of the refund asked.
        await db.transaction(tellOwner)
        deps.mail.wake()
      }
      for (const { orderId } of open) {
        if (orderId) await orders.close(orderId, 'pending', 'cancelled', 'admin')
      }
      // No further debit: the authorisation is revoked at the provider (retried if it fails).
      if (sub.providerSubscriptionId) await automatico.revoke(sub)
      let refund: 'refunded' | 'pending' | null = null
      if (opts.withdraw) {
        const [first] = await db
          .select({ orderId: subscriptionCycles.orderId })
          .from(subscriptionCycles)
          .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, 1)))
        const answer = await deps.refunds.request(
          first!.orderId!,
          { ...asker, role: opts.byAdmin ? 'superadmin' : asker.role, guestEmail: sub.email },
          'Desistência do clube (CDC art. 49)',
        )
        refund = answer.status === 'refunded' ? 'refunded' : 'pending'
      }
      return { subscription: await viewOf(await find(id)), refund }
    },
  }
}
