import { PaymentRecovery } from '../features/checkout/payment-recovery'

export default function PaymentRecoveryPage() {
  return (
    <div className="px-4 py-8">
      <PaymentRecovery />
    </div>
  )
}
