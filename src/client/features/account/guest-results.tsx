import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { GuestCredentials, GuestPurchasesAnswer } from '../../../contracts/downloads'
import type { RefundRequestAnswer } from '../../../contracts/refunds'
import { Button } from '../../ui/button'
import { MySubscriptions } from './my-subscriptions'
import { MaterialCard } from './material-card'
import { mySubscriptionsQuery, useClubeGrants } from './subscriptions.api'
import { OrderHistory } from './order-history'
import { OrderZipButtons } from './order-zip'
import { TemplateLinks } from './template-links'
import { usePurchaseDownload } from './use-purchase-download'

/** What a guest's lookup found: materials to download, Canva templates and orders. */
export function GuestResults({
  found,
  credentials,
  onCounted,
  onBack,
  onRefundAnswered,
  onZip,
  children,
}: {
  found: GuestPurchasesAnswer
  credentials: GuestCredentials
  /** Lowers the shown count from the download's answer, without another lookup. */
  onCounted: Parameters<typeof usePurchaseDownload>[0]
  onBack: () => void
  onRefundAnswered: (orderId: string, answer: RefundRequestAnswer) => void
  /**
   * 'Baixar tudo (ZIP)' was asked for an order; only with a proved inbox (code or e-mailed
   * link), whose cookie the ZIP's plain link carries: a look-up by e-mail and WhatsApp has none.
   */
  onZip?: (orderId: string) => void
  /** Under the materials, when there are some: what only a proved inbox reaches (the report). */
  children?: ReactNode
}) {
  const { download, busyFor, links } = usePurchaseDownload(onCounted)
  const clubes = useClubeGrants()
  const { purchases } = found
  // A look-up by e-mail and WhatsApp proves no inbox: the server shows her subscription only
  // to the e-mailed link or code, so she is told where it is.
  const subscriptions = useQuery(mySubscriptionsQuery()).data
  const clubeHidden =
    subscriptions?.length === 0 &&
    found.orders.some((o) => o.items.some((line) => line.planId !== undefined))
  return (
    <div data-testid="guest-results">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-purple-900" role="status">
          {found.message}
        </p>
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← Voltar à busca
        </Button>
      </div>
      {/* Her subscriptions when the server knows her e-mail (code or link access). */}
      <MySubscriptions />
      {clubeHidden && (
        <p
          data-testid="subscription-by-link"
          className="mt-4 rounded-xl bg-purple-50 p-3 text-sm text-purple-900"
        >
          Sua assinatura do clube, com o botão para cancelá-la, aparece aqui quando você abre o link
          &lsquo;Ver meus materiais e a assinatura&rsquo; do e-mail da assinatura, ou depois de
          tocar em &lsquo;Voltar à busca&rsquo; e em &lsquo;Receber código por e-mail&rsquo;.
        </p>
      )}
      {purchases.length > 0 && onZip && <OrderZipButtons purchases={purchases} onStarted={onZip} />}
      {purchases.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Materiais encontrados">
          {purchases.map((p) => (
            <MaterialCard
              key={p.id}
              item={{
                ...p,
                ...p.product,
                fileCount: p.files.length,
                clube: clubes.get(p.orderId),
              }}
              busy={busyFor(p.productId)}
              links={links[p.productId]}
              onDownload={() =>
                download({
                  // Without the WhatsApp (access by code or link) the server reads its cookie.
                  guest: {
                    productId: p.productId,
                    email: credentials.email,
                    ...(credentials.whatsapp ? { whatsapp: credentials.whatsapp } : {}),
                  },
                  productId: p.productId,
                })
              }
            />
          ))}
        </ul>
      )}
      {purchases.length > 0 && children}
      {found.canvaLinks.length > 0 && (
        // Found by code or e-mailed link, the browser holds the access: plain store links.
        <TemplateLinks
          links={found.canvaLinks}
          credentials={credentials.whatsapp ? credentials : undefined}
        />
      )}
      {found.orders.length > 0 && (
        <OrderHistory orders={found.orders} onRefundAnswered={onRefundAnswered} />
      )}
    </div>
  )
}
