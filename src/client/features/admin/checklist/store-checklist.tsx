import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { untaggedLine } from '../../../../contracts/school'
import type { ChecklistAnswer, ChecklistKey } from '../../../../contracts/store'
import { Button, buttonClasses } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { checklistQuery, useRemoveDemo } from './checklist.api'

/**
 * Where each item is done: the config tab that holds its fields (the demo's is a button here,
 * the texts' one link per text still to save).
 */
const WHERE: Record<Exclude<ChecklistKey, 'demo' | 'texts'>, { href: string; label: string }> = {
  payment: { href: '/admin/config?aba=payment', label: 'Configurar pagamento' },
  contact: { href: '/admin/config?aba=social', label: 'Pôr meus contatos' },
  identity: { href: '/admin/config?aba=identity', label: 'Preencher identidade' },
  alerts: { href: '/admin/config?aba=email', label: 'Informar e-mail' },
}

/**
 * 'Antes de vender', at the top of /admin until every item is done: each read from
 * the store's real state, each with a link to where it is done; the demo leaves in one tap.
 */
export function StoreChecklist() {
  const { data } = useQuery(checklistQuery())
  const remove = useRemoveDemo()
  const [asking, setAsking] = useState(false)
  const [replaceTexts, setReplaceTexts] = useState(true)
  if (!data || data.ready) return null
  const demoTexts = data.texts.filter((t) => t.demo)
  const left = data.items.filter((i) => !i.done).length
  return (
    <section
      aria-labelledby="antes-de-vender"
      data-testid="store-checklist"
      className="mt-4 rounded-2xl border-2 border-purple-200 bg-white p-4 shadow-sm"
    >
      <h2 id="antes-de-vender" className="text-lg font-extrabold text-purple-900">
        Antes de vender
      </h2>
      <p className="text-sm text-gray-600">
        {left === 1 ? 'Falta 1 passo' : `Faltam ${left} passos`} para a loja ficar com a sua cara.
      </p>
      <ul className="mt-3 divide-y divide-purple-50">
        {data.items.map((item) => (
          <li
            key={item.key}
            data-testid={`checklist-${item.key}`}
            data-done={item.done}
            className="py-2.5"
          >
            <span className="flex min-w-0 items-start gap-2">
              <span
                aria-hidden="true"
                className={
                  item.done
                    ? 'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-600 text-xs text-white'
                    : 'mt-0.5 size-5 shrink-0 rounded-full border-2 border-purple-300'
                }
              >
                {item.done ? '✓' : ''}
              </span>
              <span className={item.done ? 'text-gray-500 line-through' : 'text-gray-900'}>
                {item.label}
                <span className="sr-only">{item.done ? ' (feito)' : ' (a fazer)'}</span>
              </span>
            </span>
            {!item.done && (
              <div className="mt-2 pl-7">
                {item.key === 'demo' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    data-testid="remove-demo"
                    disabled={remove.isPending}
                    onClick={() => setAsking(true)}
                  >
                    {remove.isPending ? 'Removendo...' : 'Remover demonstração'}
                  </Button>
                ) : item.key === 'texts' ? (
                  <TextsToReview texts={data.texts} />
                ) : (
                  <Link href={WHERE[item.key].href} className={buttonClasses('secondary', 'sm')}>
                    {WHERE[item.key].label}
                  </Link>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <UntaggedNote count={data.untagged} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Remover a demonstração?"
        confirmLabel="Remover"
        onConfirm={() => {
          setAsking(false)
          remove.mutate(demoTexts.length > 0 && replaceTexts)
        }}
      >
        <p>
          Os materiais de exemplo, os arquivos deles e os pedidos feitos no modo demonstração saem
          da loja e dos números do painel. Seus próprios produtos e pedidos ficam.
        </p>
        <p>Um material de exemplo que alguém comprou de verdade fica guardado, desativado.</p>
        {demoTexts.length > 0 && (
          <label className="flex items-start gap-2 rounded-xl bg-purple-50 p-3 text-sm text-gray-800">
            <input
              type="checkbox"
              data-testid="replace-demo-texts"
              checked={replaceTexts}
              onChange={(e) => setReplaceTexts(e.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-purple-700"
            />
            <span>
              Trocar também os textos de exemplo por textos neutros da loja:{' '}
              {demoTexts.map((t) => t.label.toLowerCase()).join(', ')}. Os textos que você já
              escreveu ficam como estão.
            </span>
          </label>
        )}
      </ConfirmDialog>
    </section>
  )
}

/** The store's texts she has not saved yet, each a link to the tab that holds it. */
function TextsToReview({ texts }: { texts: ChecklistAnswer['texts'] }) {
  return (
    <div>
      <p className="text-sm text-gray-600">
        Leia cada um e escreva com as suas palavras, ou toque em ‘Manter este texto’ embaixo dele:
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {texts
          .filter((t) => !t.reviewed)
          .map((t) => (
            <li key={t.key}>
              <Link
                href={`/admin/config?aba=${t.tab}`}
                data-testid={`review-text-${t.key}`}
                // A long name wraps inside the button instead of running over its border.
                className={buttonClasses('secondary', 'sm', 'h-auto! min-h-9 py-1.5 text-left')}
              >
                {t.label}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  )
}

/**
 * Products on sale without a year, a component or a kind: not a step (a store sells without
 * tags), a note with the link to the list narrowed to them. Nothing when there are none.
 */
function UntaggedNote({ count }: { count: number }) {
  const line = untaggedLine(count)
  if (!line) return null
  return (
    <p
      data-testid="checklist-untagged"
      className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <span className="min-w-0 flex-1">
        {line}: as professoras não os acham pelos filtros da loja.
      </span>
      <Link
        href="/admin?aba=products&filtro=sem-marcacao"
        className={buttonClasses('secondary', 'sm')}
      >
        Marcar agora
      </Link>
    </p>
  )
}
