import { StatusSelect } from './order-management-tab'
import { MarkPaid, OrdersList } from './orders-tab'

/**
 * Pedidos and Gestão Pedidos in one view: each order's status with its everyday action
 * ('Marcar como pago', 'Reembolsar') and, beside it, any other status the owner must set.
 */
export function OrdersView() {
  return (
    <OrdersList
      title="Pedidos"
      render={(order) => (
        <>
          <MarkPaid order={order} />
          <StatusSelect order={order} />
        </>
      )}
    />
  )
}
