import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** What the owner came to do: the first row of the panel, each the home of some tabs. */
export const ADMIN_GROUPS = [
  { id: 'vendas', label: 'Vendas' },
  { id: 'catalogo', label: 'Catálogo' },
  { id: 'clientes', label: 'Clientes' },
  { id: 'loja', label: 'Loja' },
] as const

export type AdminGroupId = (typeof ADMIN_GROUPS)[number]['id']

/**
 * The panel's one table of tabs, in the order they show inside their group; the group rows are
 * drawn from `group`, so a new tab is one entry here (and its panel in admin-panel.tsx).
 */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Visão Geral', group: 'vendas' },
  { id: 'orders', label: 'Pedidos', group: 'vendas' },
  { id: 'refunds', label: 'Reembolsos', group: 'vendas' },
  { id: 'coupons', label: 'Cupons', group: 'vendas' },
  { id: 'clube', label: 'Clube', group: 'vendas' },
  { id: 'invoices', label: 'Notas fiscais', group: 'vendas' },
  { id: 'products', label: 'Produtos', group: 'catalogo' },
  { id: 'canva-links', label: 'Links Canva', group: 'catalogo' },
  { id: 'downloads', label: 'Downloads', group: 'catalogo' },
  { id: 'reviews', label: 'Avaliações', group: 'catalogo' },
  { id: 'users', label: 'Usuários', group: 'clientes' },
  { id: 'newsletters', label: 'Novidades', group: 'clientes' },
  { id: 'contact-requests', label: 'Fale conosco', group: 'clientes' },
  { id: 'settings', label: 'Configurações', group: 'loja' },
  { id: 'emails', label: 'E-mails', group: 'loja' },
  { id: 'whatsapp', label: 'WhatsApp', group: 'loja' },
  { id: 'backup', label: 'Backup', group: 'loja' },
] as const satisfies ReadonlyArray<{ id: string; label: string; group: AdminGroupId }>

export type AdminTabId = (typeof ADMIN_TABS)[number]['id']

/**
 * The SPEC's separate management tabs, now one view each with the simple one: their `?aba=`
 * ids (bookmarks, links in e-mails) still open that view.
 */
export const ADMIN_TAB_ALIASES: Record<string, AdminTabId> = {
  'product-management': 'products',
  'order-management': 'orders',
}

export function isAdminTab(value: string | null): value is AdminTabId {
  return ADMIN_TABS.some((tab) => tab.id === value)
}

/** The tab an `?aba=` value opens: its own, the merged view of an old id, or the overview. */
export function resolveAdminTab(value: string | null): AdminTabId {
  if (isAdminTab(value)) return value
  return (value !== null && ADMIN_TAB_ALIASES[value]) || 'overview'
}

export const groupOf = (id: AdminTabId): AdminGroupId =>
  ADMIN_TABS.find((tab) => tab.id === id)!.group

export const tabsOf = (group: AdminGroupId) => ADMIN_TABS.filter((tab) => tab.group === group)

/** Left/Right (wrapping), Home and End over a row of tabs: the WAI-ARIA tabs pattern. */
function stepOf(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count
  if (key === 'ArrowLeft') return (index - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

interface TabRowProps<T extends string> {
  label: string
  items: ReadonlyArray<{ id: T; label: string }>
  active: T
  onSelect: (id: T) => void
  /** The element id of an item's tab, and of the panel it controls. */
  tabId: (id: T) => string
  panelId: (id: T) => string
  testId: (id: T) => string
  tone: 'strong' | 'soft'
}

/**
 * One row of tabs: selection follows focus, only the selected tab is in the Tab order, and
 * only it names its panel (the others' panels are not in the page).
 */
function TabRow<T extends string>(props: TabRowProps<T>) {
  const { label, items, active, onSelect, tabId, panelId, testId, tone } = props
  const row = useRef<HTMLDivElement>(null)

  function onKeyDown(event: KeyboardEvent) {
    const index = items.findIndex((item) => item.id === active)
    const next = stepOf(event.key, index, items.length)
    if (next === null) return
    event.preventDefault()
    const id = items[next]!.id
    onSelect(id)
    row.current?.querySelector<HTMLElement>(`#${tabId(id)}`)?.focus()
  }

  return (
    <div
      ref={row}
      role="tablist"
      aria-label={label}
      className={cn(
        'flex gap-2',
        // The groups always fit in one row (four short words); a group's tabs wrap on a phone.
        tone === 'strong' ? 'grid grid-cols-4' : 'flex-wrap',
      )}
    >
      {items.map((item) => {
        const selected = item.id === active
        return (
          <button
            key={item.id}
            id={tabId(item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            data-testid={testId(item.id)}
            onClick={() => onSelect(item.id)}
            onKeyDown={onKeyDown}
            className={cn(
              'font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-purple-500',
              tone === 'strong'
                ? 'h-11 min-w-0 rounded-xl px-1 text-sm sm:text-base'
                : 'h-10 rounded-full px-4 text-sm',
              selected
                ? tone === 'strong'
                  ? 'bg-purple-800 text-white shadow-md'
                  : 'bg-purple-100 text-purple-900 ring-2 ring-purple-700'
                : 'bg-white text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50',
            )}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

/**
 * The panel's navigation: a row of the four groups, and under it the open group's tabs (nested
 * WAI-ARIA tabs: a group's panel holds its tab row and the open tab's panel, `children`).
 */
export function AdminTabBar({
  active,
  onSelect,
  children,
}: {
  active: AdminTabId
  onSelect: (id: AdminTabId) => void
  children: ReactNode
}) {
  const group = groupOf(active)
  const groupInfo = ADMIN_GROUPS.find((g) => g.id === group)!
  // Back in a group, the owner finds the tab she left open there (its first one at first).
  const lastOpen = useRef<Partial<Record<AdminGroupId, AdminTabId>>>({})
  useEffect(() => {
    lastOpen.current[group] = active
  }, [group, active])
  return (
    <>
      <TabRow
        label="Áreas do painel"
        items={ADMIN_GROUPS}
        active={group}
        onSelect={(id) => onSelect(lastOpen.current[id] ?? tabsOf(id)[0]!.id)}
        tabId={(id) => `grupo-${id}`}
        panelId={(id) => `painel-grupo-${id}`}
        testId={(id) => `admin-group-${id}`}
        tone="strong"
      />
      <div
        role="tabpanel"
        id={`painel-grupo-${group}`}
        aria-labelledby={`grupo-${group}`}
        className="mt-3"
      >
        <TabRow
          label={`Seções de ${groupInfo.label}`}
          items={tabsOf(group)}
          active={active}
          onSelect={onSelect}
          tabId={(id) => `aba-${id}`}
          panelId={(id) => `painel-${id}`}
          testId={(id) => `admin-tab-${id}`}
          tone="soft"
        />
        <div
          role="tabpanel"
          id={`painel-${active}`}
          aria-labelledby={`aba-${active}`}
          className="mt-3"
        >
          {children}
        </div>
      </div>
    </>
  )
}
