import { useState } from 'react'
import { BulkTagsBody } from '../../../../contracts/product-tags'
import {
  ANOS,
  COMPONENTES,
  TIPOS,
  type AnoId,
  type ComponenteId,
} from '../../../../contracts/school'
import { Button } from '../../../ui/button'
import { Sheet } from '../../../ui/sheet'
import { useTagProducts } from '../admin.mutations'
import { ChipGroup, ListSelect } from '../product-form/school-tags'

const plural = (n: number) => (n === 1 ? '1 produto' : `${n} produtos`)

/**
 * The bar under the catalogue while products are selected: how many, 'Limpar' and 'Marcar
 * selecionados', which opens the years, components and kind to give them all in one write.
 */
export function BulkTagsBar({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const [open, setOpen] = useState(false)
  if (ids.length === 0) return null
  return (
    <>
      {/* Fixed to the bottom edge: on a phone the list scrolls under it and it stays in reach. */}
      <div
        data-testid="bulk-bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t-2 border-purple-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-5xl items-center gap-2">
          <p
            className="min-w-0 flex-1 text-sm font-semibold whitespace-nowrap text-gray-900"
            aria-live="polite"
          >
            {ids.length === 1 ? '1 selecionado' : `${ids.length} selecionados`}
          </p>
          {/* A cross, not a word: the count and 'Marcar selecionados' fill a phone's row. */}
          <Button
            size="sm"
            variant="ghost"
            onClick={onClear}
            aria-label="Limpar seleção"
            title="Limpar seleção"
            className="px-2 text-xl leading-none"
          >
            ×
          </Button>
          <Button size="sm" data-testid="bulk-open" onClick={() => setOpen(true)}>
            Marcar selecionados
          </Button>
        </div>
      </div>
      <Sheet open={open} onOpenChange={setOpen} title={`Marcar ${plural(ids.length)}`}>
        {open && (
          <BulkTagsForm
            ids={ids}
            onDone={() => {
              setOpen(false)
              onClear()
            }}
          />
        )}
      </Sheet>
    </>
  )
}

/** The years, components and kind to give; checked by the contract's schema before sending. */
export function BulkTagsForm({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const tag = useTagProducts()
  const [anos, setAnos] = useState<AnoId[]>([])
  const [componentes, setComponentes] = useState<ComponenteId[]>([])
  const [tipo, setTipo] = useState('')
  const [mode, setMode] = useState<'add' | 'replace'>('add')
  const [problem, setProblem] = useState<string | null>(null)

  const send = () => {
    // A list left empty is not sent: 'Trocar' never empties what she did not touch.
    const parsed = BulkTagsBody.safeParse({
      ids,
      mode,
      ...(anos.length ? { anos } : {}),
      ...(componentes.length ? { componentes } : {}),
      ...(tipo ? { tipo } : {}),
    })
    if (!parsed.success) return setProblem(parsed.error.issues[0]!.message)
    setProblem(null)
    tag.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => setProblem(error.message || 'Não foi possível marcar. Tente de novo.'),
    })
  }

  return (
    <form
      data-testid="bulk-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
      className="space-y-4"
    >
      <ChipGroup
        title="Ano/etapa"
        testId="bulk-anos"
        options={ANOS}
        chosen={anos}
        onChange={setAnos}
      />
      <ChipGroup
        title="Componente curricular"
        testId="bulk-componentes"
        options={COMPONENTES}
        chosen={componentes}
        onChange={setComponentes}
      />
      <ListSelect
        name="bulk-tipo"
        label="Tipo de material"
        none="Manter o de cada um"
        options={TIPOS}
        value={tipo}
        onChange={setTipo}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-gray-800">Anos e componentes</legend>
        {(
          [
            ['add', 'Somar aos que cada produto já tem'],
            ['replace', 'Trocar pelos escolhidos aqui'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="mt-1 flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="bulk-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-5 accent-purple-700"
            />
            {label}
          </label>
        ))}
        <p className="mt-1 text-xs text-gray-600">
          Os anos e componentes que os códigos BNCC de cada produto indicam continuam.
        </p>
      </fieldset>
      {problem && (
        <p role="alert" data-testid="bulk-error" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full" data-testid="bulk-submit" disabled={tag.isPending}>
        {tag.isPending ? 'Marcando...' : `Marcar ${plural(ids.length)}`}
      </Button>
    </form>
  )
}
