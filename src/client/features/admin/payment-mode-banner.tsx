import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { paymentModeQuery } from './admin.queries'

/**
 * Above every tab of /admin while the store does not charge: in demo mode nothing is paid for
 * real, and with demo left and no payment method checkout refuses every order.
 */
export function PaymentModeBanner() {
  const { data } = useQuery(paymentModeQuery())
  if (data?.mode !== 'demo' && data?.mode !== 'unavailable') return null
  const demo = data.mode === 'demo'
  return (
    <div
      role="status"
      data-testid={demo ? 'demo-banner' : 'payment-unavailable-banner'}
      className={
        demo
          ? 'mt-4 rounded-2xl border-2 border-amber-300 bg-amber-50 p-4 text-amber-950'
          : 'mt-4 rounded-2xl border-2 border-red-300 bg-red-50 p-4 text-red-950'
      }
    >
      <p className="font-bold">
        {demo
          ? 'Modo demonstração: os pedidos não são cobrados'
          : 'Pagamentos desligados: a loja não aceita pedidos'}
      </p>
      <p className="mt-1 text-sm">
        {demo
          ? 'Nenhum valor é cobrado e o próprio comprador confirma o pagamento, só para testar a loja. Cadastre a sua chave PIX para começar a vender.'
          : 'O modo demonstração foi desligado e não há chave PIX configurada: quem tenta comprar vê "Pagamento indisponível". Cadastre a chave PIX.'}
      </p>
      <Link href="/admin/config?aba=payment" className={buttonClasses('secondary', 'sm', 'mt-2')}>
        Configurar pagamento
      </Link>
    </div>
  )
}
