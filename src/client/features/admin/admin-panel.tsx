import type { ComponentType } from 'react'
import { Link, useSearchParams } from 'wouter'
import type { SessionUser } from '../../../contracts/accounts'
import { buttonClasses } from '../../ui/button'
import { AdminTabBar, isAdminTab, type AdminTabId } from './admin-tabs'
import { PaymentModeBanner } from './payment-mode-banner'
import { BackupTab } from './tabs/backup-tab'
import { CanvaLinksTab } from './tabs/canva-links-tab'
import { CouponsTab } from './tabs/coupons-tab'
import { DownloadsTab } from './tabs/downloads-tab'
import { EmailsTab } from './tabs/emails-tab'
import { OrderManagementTab } from './tabs/order-management-tab'
import { OrdersTab } from './tabs/orders-tab'
import { OverviewTab } from './tabs/overview-tab'
import { ProductManagementTab } from './tabs/product-management-tab'
import { ProductsTab } from './tabs/products-tab'
import { RefundsTab } from './tabs/refunds-tab'
import { InvoicesTab } from './tabs/invoices-tab'
import { ContactRequestsTab } from './tabs/contact-requests-tab'
import { SettingsTab } from './tabs/settings-tab'
import { UsersTab } from './tabs/users-tab'
import { WhatsappTab } from './tabs/whatsapp-tab'

const PANELS: Record<AdminTabId, ComponentType> = {
  overview: OverviewTab,
  products: ProductsTab,
  'product-management': ProductManagementTab,
  orders: OrdersTab,
  'order-management': OrderManagementTab,
  coupons: CouponsTab,
  refunds: RefundsTab,
  invoices: InvoicesTab,
  'contact-requests': ContactRequestsTab,
  users: UsersTab,
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
  const active: AdminTabId = isAdminTab(requested) ? requested : 'overview'
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
        <Link href="/admin/config" className={buttonClasses('secondary', 'sm')}>
          Configurações da loja
        </Link>
        <Link href="/upload-multiplo.html" className={buttonClasses('secondary', 'sm')}>
          Upload múltiplo
        </Link>
        <Link href="/acesso-cadastro" className={buttonClasses('ghost', 'sm')}>
          Mais cadastros
        </Link>
      </nav>
      <PaymentModeBanner />
      <div className="mt-4">
        <AdminTabBar active={active} onSelect={(id) => setParams({ aba: id }, { replace: true })} />
      </div>
      <div
        role="tabpanel"
        id={`painel-${active}`}
        aria-labelledby={`aba-${active}`}
        className="mt-3"
      >
        <Active />
      </div>
    </div>
  )
}
