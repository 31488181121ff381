import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { pixAutomaticoOn } from '../../../contracts/setting-rules.js'
import type { Db } from '../../db/client.js'
import type {
  ChargeRequest,
  PaymentsService,
  PixAutomatic,
  PixCharge,
  PixProvider,
} from '../payments/payments.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { SubscriptionRow } from './clube-grants.js'
import { subscriptions } from './subscriptions.tables.js'

const BATCH = 100

/**
 * The clube's PIX Automático, beside the subscriptions service: whether a
 * subscription is debited at its provider this cycle (the setting on, the same provider still
 * charging, and an authorisation), the cycle's debit as the order's charge, and the revoke of
 * an authorisation (retried by the renewal job when the provider cannot be reached).
 */
export function createPixAutomatico(deps: {
  db: Db
  payments: Pick<PaymentsService, 'providers'>
  settings: SettingsService
  log: FastifyBaseLogger
  now: () => Date
}) {
  const { db, log } = deps

  /** PIX Automático for a new subscription now, or null: a monthly PIX. */
  async function forNewSubscription(provider: PixProvider): Promise<PixAutomatic | null> {
    return pixAutomaticoOn(await deps.settings.all()) && provider.automatic
      ? provider.automatic
      : null
  }

  return {
    forNewSubscription,

    /**
     * How `sub`'s next cycle is charged: its provider's debit, or null (a monthly PIX). A
     * subscription whose provider is no longer the one charging, or with PIX Automático
     * switched off, falls back to the monthly PIX for good, and its authorisation is revoked.
     */
    async debitFor(
      sub: SubscriptionRow,
    ): Promise<{ provider: PixProvider; automatic: PixAutomatic } | null> {
      if (sub.method !== 'pix_automatico' || !sub.providerSubscriptionId) return null
      const provider = await deps.payments.providers.current().catch(() => null)
      if (provider && provider.name === sub.providerName) {
        const automatic = await forNewSubscription(provider)
        if (automatic) return { provider, automatic }
      }
      await db
        .update(subscriptions)
        .set({ method: 'pix_mensal', revokePendingAt: deps.now() })
        .where(eq(subscriptions.id, sub.id))
      log.info({ subscriptionId: sub.id }, 'PIX Automático unavailable: back to the monthly PIX')
      return null
    },

    /** The cycle's debit scheduled for `dueDate`, as the charge of its order (no QR code). */
    debitCharge(
      automatic: PixAutomatic,
      sub: SubscriptionRow,
      dueDate: Date,
    ): (request: ChargeRequest) => Promise<PixCharge> {
      return async (request) => {
        const { providerPaymentId } = await automatic.scheduleDebit({
          ...request,
          payer: { ...request.payer, taxId: sub.taxId ?? '' },
          authorisationId: sub.providerSubscriptionId!,
          dueDate,
        })
        return { qrCode: '', qrCodeBase64: null, ticketUrl: null, providerPaymentId }
      }
    },

    /**
     * Revokes `sub`'s authorisation at its provider. A failure keeps the cancellation (the
     * store schedules no further debit anyway) and marks it for the renewal job to try again.
     */
    async revoke(sub: Pick<SubscriptionRow, 'id' | 'providerName' | 'providerSubscriptionId'>) {
      if (!sub.providerSubscriptionId || !sub.providerName) return true
      try {
        const provider = await deps.payments.providers.named(sub.providerName)
        await provider?.automatic?.revoke(sub.providerSubscriptionId)
        await db
          .update(subscriptions)
          .set({ revokePendingAt: null })
          .where(eq(subscriptions.id, sub.id))
        return true
      } catch (err) {
        log.warn({ err, subscriptionId: sub.id }, 'PIX Automático revoke failed: retried later')
        await db
          .update(subscriptions)
          .set({ revokePendingAt: deps.now() })
          .where(eq(subscriptions.id, sub.id))
        return false
      }
    },

    /** The revokes that failed, tried again (each is idempotent at the provider). */
    async pendingRevokes() {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            isNotNull(subscriptions.revokePendingAt),
            isNotNull(subscriptions.providerSubscriptionId),
          ),
        )
        .limit(BATCH)
    },
  }
}

export type PixAutomatico = ReturnType<typeof createPixAutomatico>
