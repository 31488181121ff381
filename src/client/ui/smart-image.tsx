import { useState } from 'react'
import type { ImgHTMLAttributes, ReactNode } from 'react'
import { cn } from '../lib/cn'

const MAX_RETRIES = 2
// A broken upload sometimes decodes as a 1 px image; anything this small is treated as failed.
const MIN_VALID_PX = 10

interface SmartImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError' | 'onLoad'> {
  src: string
  alt: string
  /** Shown instead of the grey 'Erro ao carregar' box when the image cannot be loaded. */
  fallback?: ReactNode
}

function withRetry(src: string, attempt: number): string {
  if (attempt === 0) return src
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`
}

/** An image that retries twice, then shows a grey 'Erro ao carregar' box of the same size. */
export function SmartImage({ src, alt, className, fallback, srcSet, ...props }: SmartImageProps) {
  const [state, setState] = useState({ src, attempt: 0, failed: false })
  // A new src starts over (render-time reset, no effect needed).
  if (state.src !== src) setState({ src, attempt: 0, failed: false })

  const fail = () =>
    setState((s) =>
      s.attempt < MAX_RETRIES ? { ...s, attempt: s.attempt + 1 } : { ...s, failed: true },
    )

  if (state.failed && fallback !== undefined) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('flex items-center justify-center', className)}
      >
        {fallback}
      </div>
    )
  }
  if (state.failed) {
    return (
      <div
        role="img"
        aria-label={`${alt} (erro ao carregar)`}
        className={cn(
          'flex items-center justify-center bg-gray-200 text-sm text-gray-500',
          className,
        )}
      >
        Erro ao carregar
      </div>
    )
  }
  return (
    <img
      {...props}
      key={state.attempt}
      // A retry asks for `src` itself: a srcset candidate would win over the retried address.
      srcSet={state.attempt === 0 ? srcSet : undefined}
      src={withRetry(src, state.attempt)}
      alt={alt}
      className={className}
      onError={fail}
      onLoad={(e) => {
        if (e.currentTarget.naturalWidth < MIN_VALID_PX) fail()
      }}
    />
  )
}
