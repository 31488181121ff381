import type { CanvaLinkView } from '../../../contracts/customer'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })

/** Editable Canva templates delivered with the purchases. */
export function TemplateLinks({ links }: { links: CanvaLinkView[] }) {
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
          {links.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
            >
              <div className="min-w-0">
                <p className="font-semibold text-gray-900">
                  {link.product?.name ?? 'Modelo editável'}
                </p>
                {link.usedAt && (
                  <p className="text-sm text-gray-500">
                    Acessado em {dateFormat.format(new Date(link.usedAt))}
                  </p>
                )}
              </div>
              <a
                href={link.linkUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-xl bg-purple-600 px-3 py-2 text-sm font-semibold text-white hover:bg-purple-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
              >
                Abrir no Canva <span className="sr-only">(abre em nova aba)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
