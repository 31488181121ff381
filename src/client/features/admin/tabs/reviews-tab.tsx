import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminReview, ReviewStatus } from '../../../../contracts/reviews'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { NoteField } from '../../../ui/note-field'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { Stars } from '../../../ui/stars'
import { shortDate } from '../money'
import { adminReviewsQuery, useModerateReview } from '../moderation/reviews.api'

const FILTERS: Array<{ id: ReviewStatus | 'all'; label: string }> = [
  { id: 'pending', label: 'Aguardando' },
  { id: 'approved', label: 'Aprovadas' },
  { id: 'rejected', label: 'Recusadas' },
  { id: 'all', label: 'Todas' },
]

const STATUS_BADGE: Record<ReviewStatus, { tone: 'amber' | 'green' | 'gray'; label: string }> = {
  pending: { tone: 'amber', label: 'Aguardando' },
  approved: { tone: 'green', label: 'Aprovada' },
  rejected: { tone: 'gray', label: 'Recusada' },
}

function ReviewRow({ review }: { review: AdminReview }) {
  const moderate = useModerateReview()
  const [reply, setReply] = useState(review.reply ?? '')
  const badge = STATUS_BADGE[review.status]
  const decide = (status: 'approved' | 'rejected') =>
    moderate.mutate({ id: review.id, body: { status, reply } })
  return (
    <li className="space-y-2 py-4" data-testid="admin-review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} className="text-base" />
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {review.hidden ? <Badge tone="gray">Oculta: compra reembolsada</Badge> : null}
      </div>
      <p className="font-semibold text-purple-900">{review.productName}</p>
      <p className="text-sm text-gray-600">
        {review.displayName} · {review.email} · {shortDate(review.createdAt)}
      </p>
      {/* The buyer's words as text, never as markup. */}
      {review.text ? (
        <p className="whitespace-pre-line text-gray-800">{review.text}</p>
      ) : (
        <p className="text-sm text-gray-500 italic">Sem comentário, só as estrelas.</p>
      )}
      <NoteField
        id={`resposta-${review.id}`}
        label="Resposta pública (opcional)"
        value={reply}
        onChange={setReply}
        rows={2}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={moderate.isPending} onClick={() => decide('approved')}>
          {review.status === 'approved' ? 'Salvar resposta' : 'Aprovar'}
        </Button>
        {review.status !== 'rejected' ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={moderate.isPending}
            onClick={() => decide('rejected')}
          >
            Recusar
          </Button>
        ) : null}
      </div>
    </li>
  )
}

/** 'Avaliações': the buyers' reviews, approved or rejected here before the public sees them. */
export function ReviewsTab() {
  const [filter, setFilter] = useState<ReviewStatus | 'all'>('pending')
  const { data, error, isPending, refetch } = useQuery(adminReviewsQuery(filter))
  return (
    <Panel title="Avaliações">
      <p className="text-sm text-gray-600">
        Só compradores com pagamento confirmado avaliam. Nada aparece na loja antes da sua
        aprovação; a página mostra o primeiro nome e a inicial, com o selo 'Compra verificada'.
      </p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Filtrar avaliações">
        {FILTERS.map((f) => (
          <Button
            key={f.id}
            size="sm"
            variant={filter === f.id ? 'primary' : 'secondary'}
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="mt-4 text-gray-600">Nenhuma avaliação aqui.</p>
      ) : (
        <ul className="mt-2 divide-y divide-purple-100">
          {data.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
    </Panel>
  )
}
