import type { FastifyBaseLogger } from 'fastify'
import {
  NUMBER_RULE,
  type TestWhatsappAnswer,
  type WhatsappStatus,
} from '../../../contracts/messaging.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { createEvolutionClient, EvolutionError } from './evolution-api.js'
import { materialsLink, paidBuyerText, signedBy, testText } from './message-texts.js'
import { createMailOutbox } from './mail-outbox.js'
import { createBaseUrl, messagingSettingsOf, storeNameOf } from './messaging-config.js'
import { createOrderNotices, type AccessTokens } from './order-notices.js'
import { enqueueMessage, failingMessages, outboxCounts, recordSent } from './outbox.js'
import { createReminderNotices } from './reminder-notices.js'
import { createOutboxWorker } from './outbox-worker.js'
import { messagePersonalData } from './message-personal-data.js'

const bad = (message: string) => new AppError('bad_request', message)

/**
 * WhatsApp through Evolution API (order notices via the outbox, status and tests for the admin)
 * and e-mail through SMTP (`mail`: for other modules to send, and the admin's E-mails tab).
 */
export function createMessagingService(deps: {
  db: Db
  settings: SettingsService
  config: Config
  log: FastifyBaseLogger
  /** The messages' ways in: the e-mail's access, or one order's payment page (guest-access). */
  accessTokens: AccessTokens
  /** The terms of an order's version (terms module), for the receipt. */
  termsOf?: (versionId: number, tx: Db) => Promise<string | null>
}) {
  const { db, settings, log } = deps
  const current = async () => {
    const read = messagingSettingsOf(await settings.all())
    const allowPrivate = deps.config.allowPrivateIntegrations
    return read.gateway ? { ...read, gateway: { ...read.gateway, allowPrivate } } : read
  }
  const baseUrl = createBaseUrl(deps.config.publicUrl, deps.config.port)
  const worker = createOutboxWorker({
    db,
    log,
    gateways: async () => {
      const [whatsapp, email] = await Promise.all([current(), mail.transport()])
      return { whatsapp: whatsapp.gateway, email }
    },
  })
  const mail = createMailOutbox({
    db,
    settings,
    env: deps.config.mail,
    baseUrl,
    wake: () => worker.wake(),
  })
  const notices = createOrderNotices({
    settings,
    baseUrl,
    log,
    wake: worker.wake,
    accessTokens: deps.accessTokens,
    termsOf: deps.termsOf,
  })

  /** The buyer's paid-order message for `orderId`, as the outbox would send it. */
  async function buyerMessage(orders: Pick<OrdersService, 'find' | 'lines'>, orderId: string) {
    const order = await orders.find(orderId)
    if (!order) throw new AppError('not_found', 'Pedido não encontrado')
    if (order.status !== 'paid') {
      throw bad('Este pedido ainda não foi pago: a mensagem ao comprador vai depois do pagamento.')
    }
    const to = normaliseWhatsapp(order.customerWhatsapp)
    if (!to) {
      throw bad(
        `WhatsApp do comprador inválido (${order.customerWhatsapp || 'vazio'}): ${NUMBER_RULE}`,
      )
    }
    const link = materialsLink(baseUrl.get(), order.customerEmail, to)
    const text = paidBuyerText(order, await orders.lines(order.id), link)
    return { to, body: signedBy(text, storeNameOf(await settings.all())) }
  }

  const reminders = createReminderNotices({
    settings,
    baseUrl,
    log,
    wake: worker.wake,
    accessTokens: deps.accessTokens,
  })

  return {
    notices,
    /** The buyer's reminders of an unpaid PIX (the recovery module says when). */
    reminders,
    worker,
    /** Export and erasure of the messages to or about a person (privacy module). */
    personalData: messagePersonalData(db),
    baseUrl,
    mail,
    /** WhatsApp for the other modules' notices: written in their transaction, like e-mail. */
    whatsapp: {
      /** Whether a gateway is set up now (the notices are written only then). */
      configured: async () => (await current()).gateway !== null,
      /** The number as the buyer typed it, made sendable; null when it is not a number. */
      address: (typed: string) => normaliseWhatsapp(typed),
      enqueue: (tx: Db, message: { dedupeKey: string; to: string; body: string }) =>
        enqueueMessage(tx, { channel: 'whatsapp', ...message }),
    },

    /** Messages failing for over an hour (and written in the last 3 days), per channel. */
    failingFor: (now: Date) =>
      failingMessages(
        db,
        new Date(now.getTime() - 3_600_000),
        new Date(now.getTime() - 3 * 86_400_000),
      ),

    /** The outbox's backlog and failures per channel, for /metrics. */
    async outboxFigures() {
      const [whatsapp, email] = await Promise.all([
        outboxCounts(db, 'whatsapp'),
        outboxCounts(db, 'email'),
      ])
      return { whatsapp, email }
    },

    async status(): Promise<WhatsappStatus> {
      const [config, counts] = await Promise.all([current(), outboxCounts(db)])
      const figures = {
        messagesSent: counts.sent,
        messagesPending: counts.pending,
        messagesFailed: counts.failed,
      }
      if (!config.gateway) return { instanceStatus: 'not_configured', connected: false, ...figures }
      try {
        const state = await createEvolutionClient(config.gateway).connectionState()
        return { instanceStatus: state, connected: state === 'open', ...figures }
      } catch (err) {
        if (!(err instanceof EvolutionError)) throw err
        return { instanceStatus: 'error', connected: false, error: err.message, ...figures }
      }
    },

    /**
     * POST /api/test-whatsapp: sent now, not through the outbox, so the admin sees the gateway's
     * own answer. With an order: that order's buyer message again; without: a test to the admin.
     */
    async sendTest(
      orderId: string | undefined,
      orders: Pick<OrdersService, 'find' | 'lines'>,
    ): Promise<TestWhatsappAnswer> {
      const config = await current()
      if (!config.gateway) {
        throw bad('WhatsApp não configurado: preencha a URL da API, a chave e o nome da instância.')
      }
      let message: { to: string; body: string }
      if (orderId) {
        message = await buyerMessage(orders, orderId)
      } else {
        if (!config.adminRaw) throw bad(`Informe o WhatsApp do administrador: ${NUMBER_RULE}`)
        if (!config.adminNumber) throw bad(`WhatsApp do administrador inválido: ${NUMBER_RULE}`)
        message = { to: config.adminNumber, body: testText() }
      }
      try {
        await createEvolutionClient(config.gateway).sendText(message.to, message.body)
      } catch (err) {
        if (!(err instanceof EvolutionError)) throw err
        log.warn({ err: err.message, orderId }, 'whatsapp test failed')
        const code = err.notOnWhatsapp ? 'bad_request' : 'unavailable'
        throw new AppError(code, `Falha no envio para ${message.to}: ${err.message}`)
      }
      await recordSent(db, orderId ? `resend:order:${orderId}` : 'test', message.to, message.body)
      const what = orderId ? 'Mensagem do pedido reenviada' : 'Mensagem de teste enviada'
      return { success: true, message: `${what} para ${message.to}`, to: message.to }
    },
  }
}

export type MessagingService = ReturnType<typeof createMessagingService>
export type { ReminderNotices } from './reminder-notices.js'
export type { MailOutbox } from './mail-outbox.js'
export type { MailItem } from './mail-layout.js'
