import { useState } from 'react'
import { Link } from 'wouter'
import { categoryOf } from '../../../contracts/categories'
import type { AdminProductLight } from '../../../contracts/admin'
import type { AdminProduct, Product } from '../../../contracts/products'
import { FILTER_TAGS, missingTags } from '../../../contracts/school'
import { imageVariant } from '../../lib/image-url'
import { Badge } from '../../ui/badge'
import { Button, buttonClasses } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { SmartImage } from '../../ui/smart-image'
import { ProductPrice } from '../catalog/product-price'
import { useDeleteProduct, useToggleProduct } from './admin.mutations'
import { shortDate } from './money'
import { StampFallbacks } from './stamp-fallbacks'

// The light list has no isFree: a free product is the one priced 0.00.
type RowProduct = AdminProductLight & Partial<AdminProduct>

/** A row's box for 'Marcar selecionados' (the catalogue tab only). */
export interface RowSelection {
  checked: boolean
  onToggle: () => void
}

/** One product of the admin lists: activate/deactivate, edit, view in the store, delete. */
export function ProductRow({
  product,
  detailed,
  selection,
}: {
  product: RowProduct
  detailed?: boolean
  selection?: RowSelection
}) {
  const missing =
    detailed && product.anos && product.componentes && product.tipo !== undefined
      ? missingTags({ anos: product.anos, componentes: product.componentes, tipo: product.tipo })
      : []
  const toggle = useToggleProduct()
  const remove = useDeleteProduct()
  const busy = toggle.isPending || remove.isPending
  const [asking, setAsking] = useState(false)

  return (
    <li data-testid="product-row" data-product-id={product.id} className="py-3">
      <div className="flex gap-3">
        {selection && (
          <label className="-ml-1 flex shrink-0 items-start p-1">
            <input
              type="checkbox"
              data-testid="select-product"
              checked={selection.checked}
              onChange={selection.onToggle}
              className="size-6 accent-purple-700"
            />
            <span className="sr-only">Selecionar {product.name}</span>
          </label>
        )}
        <SmartImage
          src={imageVariant(product.imageUrl, 'thumb')}
          alt=""
          loading="lazy"
          className="size-16 shrink-0 rounded-xl bg-purple-50 object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-semibold text-gray-900">{product.name}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <ProductPrice
              product={
                { ...product, isFree: product.isFree ?? product.price === '0.00' } as Product
              }
            />
            {!product.isActive && <Badge tone="gray">INATIVO</Badge>}
            {product.stampPdf && !product.canvaOnly && <Badge tone="green">Carimbo no PDF</Badge>}
            <span className="text-gray-500">#{product.id}</span>
            {product.favoritedBy !== undefined && (
              <span className="text-gray-600" data-testid="favorited-by">
                <span aria-hidden="true" className="text-pink-600">
                  ♥{' '}
                </span>
                {product.favoritedBy}
                <span className="sr-only">
                  {product.favoritedBy === 1 ? ' favorito' : ' favoritos'}
                </span>
              </span>
            )}
          </div>
          {detailed && (
            <p className="mt-1 truncate text-xs text-gray-500">
              {product.category ? categoryOf(product.category).label : ''} ·{' '}
              {product.downloadFileName ?? product.externalLink ?? 'sem arquivo'} ·{' '}
              {fileCount(product)} · {shortDate(product.createdAt)}
            </p>
          )}
          {missing.length > 0 && (
            <p className="mt-1 text-xs font-semibold text-amber-800" data-testid="missing-tags">
              Sem {listed(FILTER_TAGS.filter((t) => missing.includes(t.key)).map((t) => t.label))}
            </p>
          )}
          <StampFallbacks productId={product.id} className="mt-1" />
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={product.isActive ? 'secondary' : 'success'}
          data-testid="toggle-active"
          disabled={busy}
          onClick={() => toggle.mutate({ id: product.id, isActive: !product.isActive })}
        >
          {product.isActive ? 'Desativar' : 'Ativar'}
        </Button>
        <Link
          href={`/admin/edit-product/${product.id}`}
          className={buttonClasses('secondary', 'sm')}
        >
          Editar
        </Link>
        <a
          href={`/produto/${product.id}`}
          target="_blank"
          rel="noopener"
          className={buttonClasses('ghost', 'sm')}
        >
          Ver ↗
        </a>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {remove.isPending ? 'Excluindo...' : 'Excluir'}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Excluir material?"
        confirmLabel="Excluir"
        onConfirm={() => remove.mutate(product.id)}
      >
        <p>“{product.name}” será excluído permanentemente.</p>
        <p>Quem já comprou continua com acesso aos arquivos.</p>
      </ConfirmDialog>
    </li>
  )
}

/** 'ano', 'ano e tipo', 'ano, componente e tipo'. */
const listed = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`

/** `downloadFiles` already lists the main file first: counting it again said one too many. */
function fileCount(product: RowProduct): string {
  const n = product.downloadFiles?.length ?? (product.downloadFileName ? 1 : 0)
  return n === 1 ? '1 arquivo' : `${n} arquivos`
}
