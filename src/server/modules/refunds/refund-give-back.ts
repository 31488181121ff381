import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../errors.js'
import type { OrderRow, OrdersService } from '../orders/orders.service.js'
import type { PaymentsService } from '../payments/payments.service.js'

// The money going back, shared by the buyer's request and the owner's 'Reembolsar': the
// provider's refund call and its failures in the owner's words, then the order's close.

const conflict = (message: string) => new AppError('conflict', message)

export function refundGiveBack(deps: {
  orders: Pick<OrdersService, 'find' | 'close'>
  payments: Pick<PaymentsService, 'providers'>
  log: FastifyBaseLogger
}) {
  const { orders, log } = deps
  /**
   * Gives the money back and refunds the order. Through the provider when it refunds: the
   * order is refunded once the provider accepts. With the store's own PIX key only the owner
   * can send the money: the order is refunded now (access ends) and the refund waits for the
   * owner's 'Dinheiro devolvido' ('return_money'), unless the owner already confirmed it.
   */
  async function giveBack(
    order: OrderRow,
    reason: 'refund_request' | 'admin',
    moneyReturned: boolean,
  ): Promise<'refunded' | 'return_money'> {
    const provider = await deps.payments.providers.named(order.paymentProvider)
    let outcome: 'refunded' | 'return_money' = moneyReturned ? 'refunded' : 'return_money'
    if (provider?.refund) {
      const providerName = provider.label ?? 'provedor de pagamento'
      let result
      try {
        result = await provider.refund({
          orderId: order.id,
          amountCents: order.totalCents,
          providerPaymentId: order.providerPaymentId,
        })
      } catch (err) {
        log.warn({ err, orderId: order.id }, 'provider refund failed')
        throw new AppError(
          'unavailable',
          `Não foi possível falar com o ${providerName} agora. Tente de novo em instantes.`,
        )
      }
      if (result.state === 'refused') {
        log.warn({ orderId: order.id, detail: result.detail }, 'provider refused the refund')
        throw conflict(
          `O ${providerName} recusou a devolução deste pagamento. Confira o pagamento no painel do ${providerName}.`,
        )
      }
      outcome = 'refunded'
    } else if (reason === 'admin' && !moneyReturned) {
      throw new AppError(
        'bad_request',
        'Confirme que já devolveu o valor ao comprador pelo app do banco.',
      )
    }
    const closed = await orders.close(order.id, 'paid', 'refunded', reason, {
      moneyToSend: outcome === 'return_money',
    })
    if (!closed && (await orders.find(order.id))?.status !== 'refunded') {
      throw conflict('O pedido mudou enquanto isso. Atualize a lista.')
    }
    log.info({ orderId: order.id, reason, outcome }, 'order refunded')
    return outcome
  }
  return giveBack
}
