import { PAYMENT_PROVIDER_LABELS, type PaymentMode } from '../../../../contracts/checkout'
import { pixExpiryReasonOf } from '../../../../contracts/setting-rules'

/** "1440" -> "24 horas"; "90" -> "1 hora e 30 minutos". */
function durationOf(minutesText: string): string {
  const minutes = Number(minutesText)
  if (!Number.isInteger(minutes) || minutes <= 0) return `${minutesText} minutos`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const h = hours === 1 ? '1 hora' : `${hours} horas`
  const m = rest === 1 ? '1 minuto' : `${rest} minutos`
  if (hours === 0) return m
  return rest === 0 ? h : `${h} e ${m}`
}

/** The PIX validity buyers get now, from who charges, and why it is that one. */
export function PixValidity({ mode, minutes }: { mode: PaymentMode | undefined; minutes: string }) {
  if (!mode || mode === 'unavailable') return null
  const charging = mode === 'demo' ? 'a demonstração' : PAYMENT_PROVIDER_LABELS[mode]
  return (
    <p
      data-testid="pix-validity"
      className="rounded-xl bg-purple-50 p-3 text-sm text-purple-950 ring-1 ring-purple-100"
    >
      <strong>
        Quem paga agora recebe um PIX válido por {durationOf(minutes)} ({charging}).
      </strong>{' '}
      {pixExpiryReasonOf(mode)}
    </p>
  )
}
