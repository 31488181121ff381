import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'wouter'
import { searchItems } from '../../../../contracts/catalog-search'
import { BULK_TAGS_MAX_IDS } from '../../../../contracts/product-tags'
import { needsTags, untaggedLine } from '../../../../contracts/school'
import { Button, buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { adminProductsQuery } from '../admin.queries'
import { BulkTagsBar } from '../bulk-tags/bulk-tags-bar'
import { ProductRow } from '../product-row'

/** `?aba=products&filtro=sem-marcacao`: the checklist's link opens the list narrowed. */
export const UNTAGGED_FILTER = 'sem-marcacao'

/**
 * Produtos and Gestão Produtos in one view: every product, active or not, searchable, with its
 * file and its everyday actions (activate, edit, view, delete). The SPEC's other registration
 * forms and diagnostic pages keep their addresses (/acesso-cadastro lists them) but are not
 * offered here: the owner's one way to add a material is 'Novo produto'. Products are selected
 * to be tagged together ('Marcar selecionados'); those on sale without tags are counted.
 */
export function ProductsView() {
  const { data, error, isPending, refetch, isFetching } = useQuery(adminProductsQuery())
  const [search, setSearch] = useState('')
  const [params, setParams] = useSearchParams()
  const onlyUntagged = params.get('filtro') === UNTAGGED_FILTER
  const [selected, setSelected] = useState<number[]>([])
  const untagged = (data ?? []).filter((p) => p.isActive && needsTags(p))
  const shown = searchItems(onlyUntagged ? untagged : (data ?? []), search)
  const showUntagged = (on: boolean) =>
    setParams(
      (p) => {
        if (on) p.set('filtro', UNTAGGED_FILTER)
        else p.delete('filtro')
        return p
      },
      { replace: true },
    )
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))
  const shownIds = shown.map((p) => p.id)
  const allShownSelected = shownIds.length > 0 && shownIds.every((id) => selected.includes(id))
  const create = (
    <Link href="/admin/create-product" className={buttonClasses('primary', 'sm')}>
      + Novo produto
    </Link>
  )
  const line = untaggedLine(untagged.length)

  return (
    <Panel title="Produtos" actions={create}>
      {isPending ? (
        <Loading label="Carregando produtos..." />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()}>
          {error.message === 'No products found' && create}
        </LoadError>
      ) : (
        <div className={selected.length ? 'pb-20' : undefined}>
          <label className="block">
            <span className="sr-only">Buscar produto</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Buscar por nome, descrição ou categoria"
              className="h-11 w-full rounded-xl border-2 border-purple-100 px-3 text-base focus:border-purple-500 focus:outline-none"
            />
          </label>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            {data.length} produto(s) · {data.filter((p) => !p.isActive).length} inativo(s)
            {isFetching ? ' · atualizando...' : ''}
          </p>
          {(line || onlyUntagged) && (
            <div
              data-testid="untagged-count"
              className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <span className="min-w-0 flex-1">
                {line ?? 'Todos os produtos à venda têm ano, componente e tipo.'}
              </span>
              <Button
                size="sm"
                variant="secondary"
                data-testid="untagged-filter"
                onClick={() => showUntagged(!onlyUntagged)}
              >
                {onlyUntagged ? 'Mostrar todos' : 'Mostrar'}
              </Button>
            </div>
          )}
          {shown.length === 0 ? (
            <p className="mt-3 text-gray-600">Nenhum produto encontrado.</p>
          ) : (
            <>
              <label className="mt-3 flex items-center gap-2 text-sm font-semibold text-gray-800">
                <input
                  type="checkbox"
                  data-testid="select-all"
                  checked={allShownSelected}
                  onChange={() =>
                    setSelected(
                      allShownSelected
                        ? selected.filter((id) => !shownIds.includes(id))
                        : [...new Set([...selected, ...shownIds])].slice(0, BULK_TAGS_MAX_IDS),
                    )
                  }
                  className="size-5 accent-purple-700"
                />
                Selecionar {onlyUntagged ? 'os sem marcação' : 'todos os mostrados'} ({shown.length}
                )
              </label>
              <ul className="mt-1 divide-y divide-purple-100">
                {shown.map((product) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    detailed
                    selection={{
                      checked: selected.includes(product.id),
                      onToggle: () => toggle(product.id),
                    }}
                  />
                ))}
              </ul>
            </>
          )}
          <BulkTagsBar ids={selected} onClear={() => setSelected([])} />
        </div>
      )}
    </Panel>
  )
}
