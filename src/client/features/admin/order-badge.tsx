export { OrderStatusBadge, STATUS_LABELS } from '../../ui/order-status-badge'
