import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'wouter'
import { parseProductId, productQuery } from '../features/catalog/product.api'
import { RatingForm } from '../features/reviews/rating-form'
import { reviewRequestQuery } from '../features/reviews/reviews.api'
import { imageVariant } from '../lib/image-url'
import { LoadError, Loading } from '../ui/query-state'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-6 sm:py-10">
      <div className="rounded-3xl bg-white p-5 shadow-lg ring-1 ring-purple-100 sm:p-8">
        {children}
      </div>
    </div>
  )
}

function Heading({ name, imageUrl }: { name: string; imageUrl?: string }) {
  return (
    <div className="mb-5 flex items-center gap-3">
      {imageUrl ? (
        <img
          src={imageVariant(imageUrl, 'card')}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-xl object-cover"
        />
      ) : null}
      <div className="min-w-0">
        <h1 className="text-xl font-extrabold text-purple-900">Avalie o material</h1>
        <p className="truncate text-gray-700">{name}</p>
      </div>
    </div>
  )
}

/** The e-mailed one-tap link: the token names the purchase, no login needed. */
function FromLink({ token }: { token: string }) {
  const { data, error, isPending, refetch } = useQuery(reviewRequestQuery(token))
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <>
      <Heading name={data.productName} imageUrl={data.imageUrl} />
      {data.alreadyReviewed ? (
        <p className="rounded-2xl bg-emerald-50 p-4 text-emerald-900">
          Você já avaliou este material. Obrigada!
        </p>
      ) : (
        <RatingForm productId={data.productId} token={token} />
      )}
    </>
  )
}

/** From the buyer's materials: her login or today's guest access proves the purchase. */
function FromAccount({ productId }: { productId: number }) {
  const { data, error, isPending, refetch } = useQuery(productQuery(productId))
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <>
      <Heading name={data.name} imageUrl={data.imageUrl} />
      <RatingForm productId={productId} />
    </>
  )
}

/** /avaliar?t=… (the review request e-mail) or /avaliar?produto=ID (the buyer's materials). */
export default function RatePage() {
  const [params] = useSearchParams()
  const token = params.get('t')
  const productId = parseProductId(params.get('produto') ?? undefined)
  return (
    <Frame>
      {token ? (
        <FromLink token={token} />
      ) : productId ? (
        <FromAccount productId={productId} />
      ) : (
        <div className="space-y-3 text-center">
          <p className="text-gray-700">Este link de avaliação está incompleto.</p>
          <Link href="/meus-materiais" className="font-semibold text-purple-700 underline">
            Ver meus materiais
          </Link>
        </div>
      )}
    </Frame>
  )
}
