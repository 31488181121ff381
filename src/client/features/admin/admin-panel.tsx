import type { ComponentType } from 'react'
import { Link, useSearchParams } from 'wouter'
import type { SessionUser } from '../../../contracts/accounts'
import { buttonClasses } from '../../ui/button'
import { AdminTabBar, resolveAdminTab, type AdminTabId } from './admin-tabs'
import { StoreChecklist } from './checklist/store-checklist'
import { PaymentModeBanner } from './payment-mode-banner'
import { BackupTab } from './tabs/backup-tab'
import { CanvaLinksTab } from './tabs/canva-links-tab'
import { ClubeTab } from './tabs/clube-tab'
import { CouponsTab } from './tabs/coupons-tab'
import { DownloadsTab } from './tabs/downloads-tab'
import { EmailsTab } from './tabs/emails-tab'
import { OrdersView } from './tabs/orders-view'
import { OverviewTab } from './tabs/overview-tab'
import { ProductsView } from './tabs/products-view'
import { RefundsTab } from './tabs/refunds-tab'
import { ReviewsTab } from './tabs/reviews-tab'
import { NewslettersTab } from './tabs/newsletters-tab'
import { InvoicesTab } from './tabs/invoices-tab'
import { ContactRequestsTab } from './tabs/contact-requests-tab'
import { SettingsTab } from './tabs/settings-tab'
import { UsersTab } from './tabs/users-tab'
import { WhatsappTab } from './tabs/whatsapp-tab'

const PANELS: Record<AdminTabId, ComponentType> = {
  overview: OverviewTab,
  products: ProductsView,
  orders: OrdersView,
  coupons: CouponsTab,
  clube: ClubeTab,
  reviews: ReviewsTab,
  refunds: RefundsTab,
  invoices: InvoicesTab,
  'contact-requests': ContactRequestsTab,
  users: UsersTab,
  newsletters: NewslettersTab,
  downloads: DownloadsTab,
  whatsapp: WhatsappTab,
  emails: EmailsTab,
  'canva-links': CanvaLinksTab,
  settings: SettingsTab,
  backup: BackupTab,
}

/** The super administrator's panel; the open tab lives in `?aba=` so a reload keeps it. */
export function AdminPanel({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('aba')
  // An old id (Gestão Produtos, Gestão Pedidos) opens its merged view.
  const active = resolveAdminTab(requested)
  const Active = PANELS[active]

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-purple-900">Painel Administrativo</h1>
      <p className="text-sm text-gray-600">
        Você está conectado como administrador: <strong className="break-all">{user.email}</strong>
      </p>
      <nav aria-label="Atalhos do painel" className="mt-3 flex flex-wrap gap-2">
        <Link href="/admin/create-product" className={buttonClasses('primary', 'sm')}>
          + Novo produto
        </Link>
        <Link href="/" className={buttonClasses('ghost', 'sm')}>
          Ver a loja
        </Link>
      </nav>
      <PaymentModeBanner />
      <StoreChecklist />
      <div className="mt-4">
        <AdminTabBar active={active} onSelect={(id) => setParams({ aba: id }, { replace: true })}>
          <Active />
        </AdminTabBar>
      </div>
    </div>
  )
}
