import type { ReactNode } from 'react'

/** The frame of the login and sign-up screens: one card, centred, phone-first. */
export function AuthCard({
  emoji,
  title,
  subtitle,
  children,
}: {
  emoji: string
  title: string
  subtitle?: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-purple-100 sm:p-8">
        <p aria-hidden="true" className="text-center text-4xl">
          {emoji}
        </p>
        <h1 className="mt-2 text-center text-2xl font-extrabold text-purple-900">{title}</h1>
        {subtitle && <p className="mt-1 text-center text-gray-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}
