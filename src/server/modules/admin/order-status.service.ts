import type { AdminOrder } from '../../../contracts/admin.js'
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../contracts/checkout.js'
import { AppError } from '../../errors.js'
import { canTransition, isPayable, type OrdersService } from '../orders/orders.service.js'
import type { AdminReports } from './reports.read-model.js'

const LABELS = ORDER_STATUS_LABELS

/**
 * The advanced orders tab's status change. Paying goes through markOrderPaid (purchases created
 * exactly once, whoever else confirms the payment at the same time); cancelling revokes the
 * purchases; refunding is the refunds module's 'Reembolsar' (the money goes back through the
 * provider first, decision 017), never a bare status write. Setting the status an order
 * already has changes nothing.
 */
export function createOrderStatusChanger(deps: {
  orders: Pick<OrdersService, 'find' | 'markOrderPaid' | 'close'>
  reports: Pick<AdminReports, 'order'>
  /** The owner's refund of a paid order (refunds.refundByAdmin). */
  refund: (orderId: string, moneyReturned: boolean) => Promise<unknown>
}) {
  const { orders, reports } = deps
  const notFound = () => new AppError('not_found', 'Pedido não encontrado')

  return async function changeOrderStatus(
    id: string,
    to: OrderStatus,
    opts: { moneyReturned?: boolean | undefined } = {},
  ): Promise<AdminOrder> {
    const order = await orders.find(id)
    if (!order) throw notFound()
    if (order.status !== to) {
      // An order cancelled because its PIX ran out may still be paid: the money came late.
      const latePayment = to === 'paid' && isPayable(order)
      if (!latePayment && !canTransition(order.status, to)) {
        throw new AppError(
          'conflict',
          `Não é possível mudar um pedido ${LABELS[order.status]} para ${LABELS[to]}`,
        )
      }
      if (to === 'refunded') {
        await deps.refund(id, opts.moneyReturned ?? false)
        const answer = await reports.order(id)
        if (!answer) throw notFound()
        return answer
      }
      const changed =
        to === 'paid'
          ? await orders.markOrderPaid(id, 'admin')
          : await orders.close(id, order.status, 'cancelled', 'admin')
      if (!changed && (await orders.find(id))?.status !== to) {
        throw new AppError('conflict', 'O pedido mudou enquanto isso. Atualize a lista.')
      }
    }
    const answer = await reports.order(id)
    if (!answer) throw notFound()
    return answer
  }
}

export type OrderStatusService = ReturnType<typeof createOrderStatusChanger>
