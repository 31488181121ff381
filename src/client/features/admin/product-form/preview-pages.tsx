import { useQuery } from '@tanstack/react-query'
import { PREVIEW_PAGES_MAX } from '../../../../contracts/previews'
import { Button } from '../../../ui/button'
import { useRetryPreview } from '../admin.mutations'
import { adminPreviewQuery } from '../admin.queries'
import type { ProductFormValues, SetValue } from './form-values'

const control =
  'mt-1 block h-11 w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none'

/**
 * 'Prévia das páginas': which pages the product page shows as 'Veja por dentro' and, editing,
 * where their drawing stands (read again every few seconds while it is being made).
 */
export function PreviewPages({
  values,
  set,
  productId,
}: {
  values: ProductFormValues
  set: SetValue
  productId?: number
}) {
  return (
    <fieldset className="space-y-2 rounded-2xl border border-purple-100 p-4">
      <legend className="px-1 text-sm font-bold text-purple-900">Prévia das páginas</legend>
      <label htmlFor="campo-previa" className="block text-sm font-semibold text-gray-800">
        Páginas mostradas em “Veja por dentro”
      </label>
      <input
        id="campo-previa"
        name="previewPages"
        inputMode="numeric"
        value={values.previewPages}
        placeholder="1, 2, 3"
        onChange={(e) => set('previewPages', e.target.value.replace(/[^\d,\s]/g, ''))}
        aria-describedby="campo-previa-ajuda"
        className={control}
      />
      <p id="campo-previa-ajuda" className="text-xs text-gray-600">
        Até {PREVIEW_PAGES_MAX} páginas do PDF, separadas por vírgula. Elas aparecem com a marca
        “AMOSTRA” e em resolução boa para ler no celular, não para imprimir.
      </p>
      {productId !== undefined && <PreviewState productId={productId} />}
    </fieldset>
  )
}

function PreviewState({ productId }: { productId: number }) {
  const { data } = useQuery(adminPreviewQuery(productId))
  const retry = useRetryPreview(productId)
  if (!data) return null
  if (data.status === 'pending') {
    return (
      <p
        role="status"
        data-testid="preview-state"
        className="text-sm font-semibold text-purple-700"
      >
        Gerando prévia...
      </p>
    )
  }
  if (data.status === 'failed') {
    return (
      <div
        data-testid="preview-state"
        className="space-y-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
      >
        <p>
          <strong>A prévia não foi gerada.</strong> {data.reason}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? 'Pedindo...' : 'Tentar de novo'}
        </Button>
      </div>
    )
  }
  if (data.status === 'none') {
    return (
      <p data-testid="preview-state" className="text-sm text-gray-600">
        Sem prévia: ela é feita a partir do arquivo principal em PDF.
      </p>
    )
  }
  return (
    <ul data-testid="preview-state" className="flex gap-2 overflow-x-auto pb-1">
      {data.previews.map((preview) => (
        <li key={preview.url} className="w-20 shrink-0 text-center text-xs text-gray-600">
          <img
            src={preview.url}
            alt={`Prévia da página ${preview.page}`}
            width={preview.width}
            height={preview.height}
            loading="lazy"
            className="block h-auto w-full rounded border border-purple-100"
          />
          Página {preview.page}
        </li>
      ))}
    </ul>
  )
}
