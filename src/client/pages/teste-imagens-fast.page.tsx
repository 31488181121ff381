import { useState } from 'react'
import * as productRoutes from '../../contracts/api-routes/product.routes'
import { path } from '../lib/api'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { TimedImage, type ImageResult } from '../features/diagnostics/timed-image'
import { Button } from '../ui/button'

// The 15 fixed ids of SPEC.md section 9.
const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 117, 118, 119, 120, 121]

/** /teste-imagens-fast: the fast image route for 15 products, with counts and average time. */
export default function FastImagesTestPage() {
  const [round, setRound] = useState(0)
  const [results, setResults] = useState<Record<number, ImageResult>>({})
  const done = Object.values(results)
  const loaded = done.filter((r) => r.ok)
  const average = loaded.length
    ? Math.round(loaded.reduce((sum, r) => sum + r.ms, 0) / loaded.length)
    : null

  return (
    <RequireAdmin>
      <FormFrame
        title="Teste rápido de imagens"
        intro="Limite de 10 s por imagem."
        back="/acesso-cadastro"
      >
        <div
          aria-live="polite"
          data-testid="fast-image-summary"
          className="grid grid-cols-3 gap-2 text-center text-sm"
        >
          <p className="rounded-xl bg-emerald-50 p-2">
            <strong className="block text-xl">{loaded.length}</strong> sucesso
          </p>
          <p className="rounded-xl bg-red-50 p-2">
            <strong className="block text-xl">{done.length - loaded.length}</strong> erro
          </p>
          <p className="rounded-xl bg-purple-50 p-2">
            <strong className="block text-xl">{average === null ? '—' : `${average} ms`}</strong>{' '}
            média
          </p>
        </div>
        <p className="mt-2 text-sm text-gray-600">
          {done.length} de {IDS.length} concluídas
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          onClick={() => {
            setResults({})
            setRound((r) => r + 1)
          }}
        >
          Repetir teste
        </Button>
        <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {IDS.map((id) => (
            <li key={`${round}-${id}`}>
              <TimedImage
                id={id}
                src={path(productRoutes.imageFast, { id }, { v: round })}
                onResult={(imageId, result) => setResults((all) => ({ ...all, [imageId]: result }))}
              />
            </li>
          ))}
        </ul>
      </FormFrame>
    </RequireAdmin>
  )
}
