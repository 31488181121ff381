import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { cn } from '../../lib/cn'

const PAGES = [
  { href: '/sobre-nos', label: 'Sobre nós' },
  { href: '/sobre-nos#perguntas-frequentes', label: 'Dúvidas' },
  { href: '/politica-privacidade', label: 'Privacidade' },
  { href: '/termos-uso', label: 'Termos de uso' },
  { href: '/fale-conosco', label: 'Fale conosco' },
]

export const LAST_UPDATED = '11 de julho de 2025'

/** Shell of the static pages: title, date, links between them, and scrolling to #anchors. */
export function LegalLayout({
  title,
  children,
  updated = true,
}: {
  title: string
  children: ReactNode
  /** false: the owner's own text, whose date this page cannot know. */
  updated?: boolean
}) {
  const [location] = useLocation()

  useEffect(() => {
    // The page arrives after a lazy import, so the browser's own jump to #anchor has already missed.
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [location])

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Páginas institucionais" className="mb-6 flex flex-wrap gap-2">
        {PAGES.map((page) => (
          <Link
            key={page.href}
            href={page.href}
            className={cn(
              'rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-purple-500',
              page.href === location
                ? 'bg-purple-600 text-white'
                : 'bg-purple-100 text-purple-800 hover:bg-purple-200',
            )}
          >
            {page.label}
          </Link>
        ))}
      </nav>
      <h1 className="text-3xl font-extrabold text-purple-900">{title}</h1>
      {updated && <p className="mt-1 text-sm text-gray-500">Última atualização: {LAST_UPDATED}</p>}
      <div className="plain-prose mt-6">{children}</div>
    </div>
  )
}
