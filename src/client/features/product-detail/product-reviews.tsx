import { useQuery } from '@tanstack/react-query'
import type { PublicReview } from '../../../contracts/reviews'
import { RatingLine, Stars } from '../../ui/stars'
import { productReviewsQuery } from './reviews.api'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' })

/** The stars under the product's name; nothing until the first approved review. */
export function ProductRatingSummary({ productId }: { productId: number }) {
  const { data } = useQuery(productReviewsQuery(productId))
  if (!data || data.count === 0) return null
  return (
    <a href="#avaliacoes" className="mt-2 inline-flex rounded-lg" data-testid="product-rating">
      <RatingLine average={data.average} count={data.count} />
    </a>
  )
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="space-y-2 py-4" data-testid="review-item">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} className="text-base" />
        <span className="font-semibold text-gray-900">{review.displayName}</span>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          ✓ Compra verificada
        </span>
      </div>
      <p className="text-xs text-gray-500">{dateFormat.format(new Date(review.date))}</p>
      {/* Rendered as text (React escapes it): a buyer's words never become markup. */}
      {review.text ? (
        <p className="leading-relaxed whitespace-pre-line text-gray-700">{review.text}</p>
      ) : null}
      {review.reply ? (
        <div className="rounded-xl bg-purple-50 p-3 text-sm text-purple-900">
          <p className="font-semibold">Resposta da loja</p>
          <p className="mt-1 whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </li>
  )
}

/** 'Avaliações': approved reviews of verified buyers, newest first. */
export function ProductReviews({ productId }: { productId: number }) {
  const { data } = useQuery(productReviewsQuery(productId))
  if (!data || data.count === 0) return null
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="scroll-mt-20">
      <h2 id="avaliacoes-titulo" className="text-lg font-bold text-purple-900">
        Avaliações
      </h2>
      <RatingLine average={data.average} count={data.count} className="mt-1" />
      <ul className="divide-y divide-purple-100">
        {data.items.map((review, i) => (
          <ReviewItem key={`${review.date}-${i}`} review={review} />
        ))}
      </ul>
    </section>
  )
}
