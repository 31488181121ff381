import { usePublicSetting } from '../settings/settings.queries'

export function InfoCard({ isFree }: { isFree: boolean }) {
  const maxDownloads = usePublicSetting('max_downloads', '3')
  const hours = usePublicSetting('support_hours')
  return (
    <section
      aria-labelledby="info-compra"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <h2 id="info-compra" className="font-bold text-amber-950">
        Como funciona
      </h2>
      <ul className="mt-2 space-y-1.5 text-amber-950">
        <li>
          <span aria-hidden="true">📥 </span>
          {isFree
            ? 'Disponível para download imediato'
            : 'Disponível imediatamente após o pagamento'}
        </li>
        {!isFree && (
          <li>
            <span aria-hidden="true">🔁 </span>
            {maxDownloads} downloads por compra
          </li>
        )}
        <li>
          <span aria-hidden="true">💬 </span>
          {hours ? `Suporte pelo WhatsApp: ${hours}` : 'Suporte pelo WhatsApp'}
        </li>
      </ul>
    </section>
  )
}
