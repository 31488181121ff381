import { useState } from 'react'
import type { CanvaLinkView } from '../../../contracts/customer'
import type { GuestCredentials } from '../../../contracts/downloads'
import { openTemplateLink } from './account.api'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const OPEN_CLASS =
  'rounded-xl bg-purple-600 px-3 py-2 text-sm font-semibold text-white hover:bg-purple-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500'

/**
 * Editable Canva templates delivered with the purchases, opened through the store's address
 * (`linkUrl`), which checks the access and counts the opening each time before sending her to
 * Canva: a plain link (a phone's popup blocker never stops it) for an account or a browser that
 * holds an access. A guest who typed the order's e-mail and WhatsApp (`credentials`) has no
 * access in the browser: the store checks those, counts, and this tab goes on to the template.
 */
export function TemplateLinks({
  links,
  credentials,
}: {
  links: CanvaLinkView[]
  credentials?: GuestCredentials
}) {
  const [refused, setRefused] = useState<Record<number, string>>({})

  function openWithCredentials(link: CanvaLinkView, given: GuestCredentials) {
    openTemplateLink(link.id, given)
      .then((answer) => window.location.assign(answer.linkUrl))
      .catch((error: Error) => setRefused((r) => ({ ...r, [link.id]: error.message })))
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
            const usedAt = link.usedAt
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
                  {refused[link.id] && (
                    <p role="alert" className="text-sm font-medium text-red-700">
                      {refused[link.id]}
                    </p>
                  )}
                </div>
                {credentials ? (
                  <button
                    type="button"
                    onClick={() => openWithCredentials(link, credentials)}
                    className={OPEN_CLASS}
                  >
                    Abrir no Canva
                  </button>
                ) : (
                  <a
                    href={link.linkUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={OPEN_CLASS}
                  >
                    Abrir no Canva <span className="sr-only">(abre em nova aba)</span>
                  </a>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
