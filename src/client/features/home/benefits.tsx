import { useDeliveryPromise } from '../settings/delivery-promise'

const OTHER_BENEFITS = [
  { emoji: '💠', title: 'Pagamento via PIX', text: 'Rápido, seguro e sem taxas para você.' },
  {
    emoji: '⭐',
    title: 'Materiais de qualidade',
    text: 'Feitos por educadoras, alinhados à BNCC.',
  },
  { emoji: '💬', title: 'Suporte', text: 'Atendimento pelo WhatsApp em dias úteis.' },
]

export function Benefits() {
  const { benefit } = useDeliveryPromise()
  const benefits = [
    { emoji: '⚡', title: benefit.title, text: `Receba o arquivo ${benefit.text}.` },
    ...OTHER_BENEFITS,
  ]
  return (
    <section aria-label="Vantagens" className="mx-auto max-w-6xl px-4 py-8">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {benefits.map((b) => (
          <li key={b.title} className="rounded-2xl border border-purple-100 bg-white p-4 shadow-sm">
            <span aria-hidden="true" className="text-2xl">
              {b.emoji}
            </span>
            <h2 className="mt-2 text-sm font-bold text-purple-900 sm:text-base">{b.title}</h2>
            <p className="mt-1 text-xs text-gray-600 sm:text-sm">{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
