import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { SessionUser } from '../../../contracts/accounts'
import { remainingDownloads } from '../../../contracts/customer'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { accountKeys, canvaLinksQuery, ordersQuery, purchasesQuery } from './account.api'
import { EmailVerification, EmailVerified } from './email-verification'
import { MyData } from './my-data'
import { MySubscriptions } from './my-subscriptions'
import { OrderHistory } from './order-history'
import { PurchasedMaterials } from './purchased-materials'
import { SkillsReport } from './skills-report'
import { TemplateLinks } from './template-links'

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-purple-100">
      <p className="text-2xl font-extrabold text-purple-800" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs font-semibold text-gray-600 sm:text-sm">{label}</p>
    </div>
  )
}

/** The logged-in customer's area: greeting, counters, materials, orders and templates. */
export function Dashboard({ user }: { user: SessionUser }) {
  const purchases = useQuery(purchasesQuery())
  const orders = useQuery(ordersQuery())
  const links = useQuery(canvaLinksQuery())
  const queryClient = useQueryClient()
  const [verified, setVerified] = useState<string | null>(null)
  const failed = purchases.isError || orders.isError || links.isError

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-extrabold text-purple-900 sm:text-3xl">
        Olá, {user.firstName || 'professora'}! <span aria-hidden="true">👋</span>
      </h1>
      <p className="mt-1 text-gray-600">Seus materiais comprados ficam todos aqui.</p>
      {!user.emailVerified ? (
        <EmailVerification user={user} onVerified={setVerified} />
      ) : (
        verified && <EmailVerified message={verified} />
      )}

      {purchases.isPending || orders.isPending || links.isPending ? (
        <Loading label="Carregando seus materiais..." className="py-16" />
      ) : failed ? (
        <div className="mt-6 rounded-2xl bg-red-50 p-6 text-center text-red-900">
          <p className="font-semibold">Não foi possível carregar seus dados.</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => {
              void purchases.refetch()
              void orders.refetch()
              void links.refetch()
            }}
          >
            Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
            <Counter label="Materiais" value={purchases.data.length} testId="count-materials" />
            <Counter label="Pedidos" value={orders.data.length} testId="count-orders" />
            <Counter
              label="Downloads restantes"
              value={remainingDownloads(purchases.data)}
              testId="count-downloads"
            />
          </div>
          <MySubscriptions />
          <PurchasedMaterials purchases={purchases.data} />
          {/* Without a material there is nothing to report: the list above already says so. */}
          {purchases.data.length > 0 && <SkillsReport />}
          <OrderHistory
            orders={orders.data}
            onRefundAnswered={() => {
              // The order's status, and a refunded order's materials and links, change.
              void queryClient.invalidateQueries({ queryKey: accountKeys.all })
            }}
          />
          <TemplateLinks links={links.data} />
        </>
      )}
      <MyData user={user} />
    </div>
  )
}
