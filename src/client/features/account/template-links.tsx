import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CanvaLinkView } from '../../../contracts/customer'
import type { GuestCredentials } from '../../../contracts/downloads'
import { openTemplateLink } from './account.api'
import { accountKeys } from './account.queries'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })

/**
 * Editable Canva templates delivered with the purchases. The link opens as a plain link (a
 * phone's popup blocker never stops it) while the store records the use: by the session for a
 * logged-in buyer, by the order's e-mail and WhatsApp (`credentials`) for a guest.
 */
export function TemplateLinks({
  links,
  credentials,
}: {
  links: CanvaLinkView[]
  credentials?: GuestCredentials
}) {
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState<Record<number, string>>({})

  function recordOpen(link: CanvaLinkView) {
    openTemplateLink(link.id, credentials ?? {})
      .then((answer) => {
        setOpened((o) => ({ ...o, [link.id]: answer.usedAt }))
        if (!credentials) void queryClient.invalidateQueries({ queryKey: accountKeys.canvaLinks() })
      })
      // The template opened anyway; only the "accessed on" mark is missing.
      .catch(() => undefined)
  }

  return (
    <section aria-labelledby="modelos-titulo" className="mt-8">
      <h2 id="modelos-titulo" className="text-xl font-extrabold text-purple-900">
        Modelos editáveis (Canva)
      </h2>
      {links.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-4 text-gray-600 ring-1 ring-purple-100">
          Nenhum modelo editável ainda.
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {links.map((link) => {
            const usedAt = link.usedAt ?? opened[link.id]
            return (
              <li
                key={link.id}
                data-testid="template-link"
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-gray-900">
                    {link.product?.name ?? 'Modelo editável'}
                  </p>
                  {usedAt && (
                    <p className="text-sm text-gray-500">
                      Acessado em {dateFormat.format(new Date(usedAt))}
                    </p>
                  )}
                </div>
                <a
                  href={link.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => recordOpen(link)}
                  className="rounded-xl bg-purple-600 px-3 py-2 text-sm font-semibold text-white hover:bg-purple-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
                >
                  Abrir no Canva <span className="sr-only">(abre em nova aba)</span>
                </a>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
