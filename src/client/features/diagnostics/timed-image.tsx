import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'

export interface ImageResult {
  ok: boolean
  ms: number
}

const TIMEOUT_MS = 10_000

/** One image with its own 10 s limit (SPEC.md section 2); reports once: loaded or failed. */
export function TimedImage({
  id,
  src,
  onResult,
}: {
  id: number
  src: string
  onResult: (id: number, result: ImageResult) => void
}) {
  const [state, setState] = useState<'loading' | 'ok' | 'error'>('loading')
  const started = useRef(0)
  const elapsed = useRef(0)

  // Whichever comes first (load, error, 10 s) decides; the others find it settled.
  const settle = (ok: boolean) => {
    if (elapsed.current) return
    // The browser's own timing of the request, when it kept one; else the time since mount.
    const timing = performance.getEntriesByName(new URL(src, window.location.href).href).at(-1)
    const ms = timing ? timing.duration : performance.now() - started.current
    elapsed.current = Math.max(1, Math.round(ms))
    setState(ok ? 'ok' : 'error')
  }
  const report = useEffectEvent((ok: boolean) => onResult(id, { ok, ms: elapsed.current }))

  // Before paint: the request starts at commit, and a local image can load within a frame.
  useLayoutEffect(() => {
    started.current = performance.now()
  }, [])

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (elapsed.current) return
      elapsed.current = TIMEOUT_MS
      setState('error')
    }, TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (state !== 'loading') report(state === 'ok')
  }, [state])

  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-gray-100">
      {state !== 'error' && (
        <img
          src={src}
          alt={`Produto ${id}`}
          className="size-full object-cover"
          onLoad={() => settle(true)}
          onError={() => settle(false)}
        />
      )}
      {state === 'error' && (
        <span className="flex size-full items-center justify-center text-sm text-gray-500">
          Erro ao carregar
        </span>
      )}
      <span className="absolute top-1 left-1 rounded bg-white/90 px-1.5 text-xs font-semibold">
        #{id} {state === 'ok' ? '✅' : state === 'error' ? '❌' : '⏳'}
      </span>
    </div>
  )
}
