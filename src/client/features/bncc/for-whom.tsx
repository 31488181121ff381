import { Link } from 'wouter'
import type { Product } from '../../../contracts/products'
import { audienceLine } from '../../../contracts/school'

/**
 * 'Para: 3º ano · Matemática · Jogo · 12 páginas' and the BNCC skills a material teaches, each
 * linking to its page. Nothing when the owner has said none of it.
 */
export function ForWhom({ product }: { product: Product }) {
  const line = audienceLine(product)
  if (!line && !product.bncc.length) return null
  return (
    <div className="mt-2 space-y-1 text-sm text-gray-700" data-testid="for-whom">
      {line ? (
        <p>
          <span className="font-semibold">Para:</span> {line}
        </p>
      ) : null}
      {product.bncc.length ? (
        <p className="flex flex-wrap items-center gap-1.5" data-testid="product-skills">
          <span className="font-semibold">BNCC:</span>
          {product.bncc.map((code) => (
            <Link
              key={code}
              href={`/bncc/${code}`}
              className="rounded-full bg-purple-50 px-2 py-0.5 font-mono text-xs font-semibold text-purple-800 ring-1 ring-purple-200"
            >
              {code}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  )
}
