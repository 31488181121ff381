import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** The page around a product form: back link, title, a line of help, the white card. */
export function FormFrame({
  title,
  intro,
  back = '/admin?aba=products',
  children,
}: {
  title: string
  intro?: string
  back?: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link href={back} className="text-sm font-semibold text-purple-700 underline">
        ← Voltar
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold text-purple-900">{title}</h1>
      {intro && <p className="mt-1 text-gray-600">{intro}</p>}
      <div className="mt-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-purple-100 sm:p-6">
        {children}
      </div>
    </div>
  )
}
