import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

type Tone = 'purple' | 'pink' | 'green' | 'amber' | 'gray'

const TONES: Record<Tone, string> = {
  purple: 'bg-purple-100 text-purple-800',
  pink: 'bg-pink-100 text-pink-800',
  green: 'bg-emerald-100 text-emerald-800',
  amber: 'bg-amber-100 text-amber-900',
  gray: 'bg-gray-100 text-gray-700',
}

export function Badge({
  tone = 'purple',
  className,
  children,
}: {
  tone?: Tone
  className?: string
  children: ReactNode
}) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}
