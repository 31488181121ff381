import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { catalogAddress } from '../../../contracts/catalog-search'
import { suggestionsQuery } from './catalog.api'

/**
 * What the box proposes under it as she types: materials, the skills materials teach and the
 * filters her words name (a year, a component, a kind, a theme), each with where it leads.
 * Nothing is drawn until something matches.
 */
export function SearchSuggestions({ term, onChoose }: { term: string; onChoose: () => void }) {
  // A tap must not take the focus from the box first: its blur would close the list under her
  // finger before the link is followed.
  const keepFocus = (e: React.MouseEvent) => e.preventDefault()
  const { data } = useQuery(suggestionsQuery(term))
  if (term.length < 2 || !data) return null
  const { products, skills, filters } = data
  if (!products.length && !skills.length && !filters.length) return null
  const item = 'block rounded-lg px-3 py-2 text-sm text-gray-800 hover:bg-purple-50'
  return (
    <div
      className="absolute inset-x-0 top-full z-30 mt-1 max-h-[60vh] overflow-y-auto rounded-2xl bg-white p-2 shadow-lg ring-1 ring-purple-100"
      data-testid="search-suggestions"
    >
      {filters.length ? (
        <section aria-label="Filtros">
          <ul className="flex flex-wrap gap-2 px-1 py-1">
            {filters.map((f) => (
              <li key={`${f.facet}:${f.value}`}>
                <Link
                  href={catalogAddress({ q: '', [f.facet]: f.value })}
                  onClick={onChoose}
                  onMouseDown={keepFocus}
                  className="inline-block rounded-full bg-purple-100 px-3 py-1 text-sm font-semibold text-purple-900"
                >
                  {f.label} ({f.count})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products.length ? (
        <section aria-label="Materiais">
          <h2 className="px-3 pt-1 text-xs font-bold text-gray-500 uppercase">Materiais</h2>
          <ul>
            {products.map((p) => (
              <li key={p.id}>
                <Link
                  href={`/produto/${p.id}`}
                  onClick={onChoose}
                  onMouseDown={keepFocus}
                  className={item}
                >
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {skills.length ? (
        <section aria-label="Habilidades da BNCC">
          <h2 className="px-3 pt-1 text-xs font-bold text-gray-500 uppercase">
            Habilidades da BNCC
          </h2>
          <ul>
            {skills.map((s) => (
              <li key={s.code}>
                <Link
                  href={`/bncc/${s.code}`}
                  onClick={onChoose}
                  onMouseDown={keepFocus}
                  className={item}
                >
                  {/* Two lines of the official text: enough to tell skills apart. */}
                  <span className="line-clamp-2">
                    <span className="font-mono font-bold text-purple-800">{s.code}</span> {s.text}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
