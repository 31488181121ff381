import { useQuery } from '@tanstack/react-query'
import { Badge } from '../../../ui/badge'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { adminCanvaLinksQuery } from '../admin.queries'
import { CanvaLinkForm } from '../canva/canva-link-form'
import { shortDate } from '../money'

/** Editable-template links: each product's template and the links handed to its buyers. */
export function CanvaLinksTab() {
  const { data, error, isPending, refetch } = useQuery(adminCanvaLinksQuery())
  return (
    <div className="space-y-4">
      <Panel title="Adicionar link Canva">
        <CanvaLinkForm />
      </Panel>
      <Panel title="Links Canva">
        {isPending ? (
          <Loading />
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-gray-600">Nenhum link cadastrado.</p>
        ) : (
          <ul className="divide-y divide-purple-100" data-testid="canva-links">
            {data.map((link) => (
              <li key={link.id} className="space-y-1 py-3 text-sm" data-testid="canva-link">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold">{link.product?.name ?? 'Produto removido'}</p>
                  {link.customerEmail ? (
                    <Badge tone={link.usedAt ? 'green' : 'gray'}>
                      {link.usedAt ? `Usado em ${shortDate(link.usedAt)}` : 'Não usado'}
                    </Badge>
                  ) : (
                    <Badge tone="purple">Modelo do produto</Badge>
                  )}
                </div>
                <a
                  href={link.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block break-all text-purple-700 underline"
                >
                  {link.linkUrl}
                </a>
                <p className="text-gray-500">
                  {link.customerEmail
                    ? `Comprador: ${link.customerEmail}`
                    : 'Para compradores futuros'}
                  {link.templateId ? ` · Modelo ${link.templateId}` : ''} ·{' '}
                  {shortDate(link.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}
