import { useEffect, useEffectEvent, useState } from 'react'

/** "59:07" (or "1:05:00" past an hour) for what is left; never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`
}

/**
 * How long the PIX can still be paid, ticking each second. At zero it asks the page to look at
 * the order again: the server cancels it, or finds the payment made at the last second.
 */
export function PixCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: string
  onExpired: () => void
}) {
  const end = Date.parse(expiresAt)
  const [now, setNow] = useState(() => Date.now())
  const expired = now >= end
  const expire = useEffectEvent(onExpired)
  useEffect(() => {
    if (expired) {
      expire()
      return
    }
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expired])

  const left = end - now
  const urgent = left < 5 * 60_000
  return (
    <p
      data-testid="pix-countdown"
      className={`mt-3 rounded-xl p-2 text-center text-sm ${urgent ? 'bg-amber-50 text-amber-900' : 'bg-purple-50 text-purple-900'}`}
    >
      {expired ? (
        'Este PIX venceu. Verificando o pedido...'
      ) : (
        <>
          Pague em até{' '}
          <strong className="font-mono text-base tabular-nums" aria-hidden="true">
            {formatRemaining(left)}
          </strong>
          <span className="sr-only">{Math.ceil(left / 60_000)} minutos</span>; depois disso o código
          vence e o pedido é cancelado.
        </>
      )}
    </p>
  )
}
