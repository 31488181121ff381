import { useEffect, useRef, type KeyboardEvent } from 'react'
import { cn } from '../../lib/cn'

export const ADMIN_TABS = [
  { id: 'overview', label: 'Visão Geral' },
  { id: 'products', label: 'Produtos' },
  { id: 'product-management', label: 'Gestão Produtos' },
  { id: 'orders', label: 'Pedidos' },
  { id: 'order-management', label: 'Gestão Pedidos' },
  { id: 'coupons', label: 'Cupons' },
  { id: 'refunds', label: 'Reembolsos' },
  { id: 'invoices', label: 'Notas fiscais', group: 'vendas' },
  { id: 'users', label: 'Usuários' },
  { id: 'contact-requests', label: 'Fale conosco', group: 'clientes' },
  { id: 'downloads', label: 'Downloads' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'emails', label: 'E-mails' },
  { id: 'canva-links', label: 'Links Canva' },
  { id: 'settings', label: 'Configurações' },
  { id: 'backup', label: 'Backup' },
] as const

export type AdminTabId = (typeof ADMIN_TABS)[number]['id']

export function isAdminTab(value: string | null): value is AdminTabId {
  return ADMIN_TABS.some((tab) => tab.id === value)
}

/**
 * The tab bar: one row that scrolls sideways on a phone (fourteen tabs never fit), arrow keys move
 * between tabs as in the WAI-ARIA tabs pattern.
 */
export function AdminTabBar({
  active,
  onSelect,
}: {
  active: AdminTabId
  onSelect: (id: AdminTabId) => void
}) {
  const list = useRef<HTMLDivElement>(null)
  // The open tab (also one reached through ?aba= on a reload) is scrolled into sight.
  useEffect(() => {
    list.current
      ?.querySelector(`#aba-${active}`)
      ?.scrollIntoView({ block: 'nearest', inline: 'center' })
  }, [active])

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const index = ADMIN_TABS.findIndex((tab) => tab.id === active)
    const next = ADMIN_TABS[(index + step + ADMIN_TABS.length) % ADMIN_TABS.length]!
    onSelect(next.id)
    list.current?.querySelector<HTMLElement>(`#aba-${next.id}`)?.focus()
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Seções do painel"
      className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2"
    >
      {ADMIN_TABS.map((tab) => {
        const selected = tab.id === active
        return (
          <button
            key={tab.id}
            id={`aba-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`painel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            data-testid={`admin-tab-${tab.id}`}
            onClick={() => onSelect(tab.id)}
            // The arrows move between tabs from the focused one (WAI-ARIA tabs pattern).
            onKeyDown={onKeyDown}
            className={cn(
              'h-10 shrink-0 snap-start rounded-full px-4 text-sm font-semibold whitespace-nowrap',
              'focus-visible:outline-3 focus-visible:outline-purple-500',
              selected
                ? 'bg-purple-700 text-white shadow-md'
                : 'bg-white text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50',
            )}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
