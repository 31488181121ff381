import { Link } from 'wouter'
import * as productRoutes from '../../contracts/api-routes/product.routes'
import { path } from '../lib/api'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { SmartImage } from '../ui/smart-image'

// The products the owner used to check images with (SPEC.md section 9).
const IDS = [85, 88, 89, 90, 91]

/** /teste-imagens: each cover as the store shows it; a broken one shows the placeholder. */
export default function ImagesTestPage() {
  return (
    <RequireAdmin>
      <FormFrame
        title="Teste de imagens"
        intro={`Produtos ${IDS.join(', ')}`}
        back="/acesso-cadastro"
      >
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {IDS.map((id) => (
            <li key={id} data-testid="image-test" className="text-sm">
              <SmartImage
                src={path(productRoutes.image, { id }, { size: 'card' })}
                alt={`Produto ${id}`}
                className="aspect-square w-full rounded-xl bg-purple-50 object-cover"
                fallback={
                  <span className="flex aspect-square w-full flex-col items-center justify-center rounded-xl bg-gray-100 text-gray-500">
                    <span aria-hidden="true" className="text-3xl">
                      🖼️
                    </span>
                    Sem imagem
                  </span>
                }
              />
              <p className="mt-1 font-semibold">Produto #{id}</p>
              <div className="flex flex-wrap gap-x-3">
                <Link href={`/produto/${id}`} className="text-purple-700 underline">
                  Ver
                </Link>
                <Link href={`/admin/edit-product/${id}`} className="text-purple-700 underline">
                  Editar
                </Link>
                <a
                  href={path(productRoutes.image, { id })}
                  target="_blank"
                  rel="noopener"
                  className="text-purple-700 underline"
                >
                  Imagem
                </a>
              </div>
            </li>
          ))}
        </ul>
      </FormFrame>
    </RequireAdmin>
  )
}
