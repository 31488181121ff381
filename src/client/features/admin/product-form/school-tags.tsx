import { useQuery } from '@tanstack/react-query'
import { BnccSuggestions, SkillChoices } from './bncc-suggestions'
import { useState } from 'react'
import type { BnccSkill } from '../../../../contracts/bncc'
import { ANOS, COMPONENTES, TEMAS, TIPOS, withImplied } from '../../../../contracts/school'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { BnccCredit } from '../../bncc/bncc-credit'
import { skillSearchQuery } from '../../bncc/bncc.api'
import { pagesHint, typedCodes, type ProductFormValues, type SetValue } from './form-values'

const control =
  'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none'

/** A row of chips, each on or off (the years, the components), in the list's order. */
export function ChipGroup<T extends string>({
  title,
  testId,
  options,
  chosen,
  onChange,
}: {
  title: string
  testId: string
  options: readonly { id: T; label: string }[]
  chosen: T[]
  onChange: (chosen: T[]) => void
}) {
  return (
    <div>
      <p className="text-sm font-semibold text-gray-800">{title}</p>
      <div className="mt-1 flex flex-wrap gap-1.5" data-testid={testId}>
        {options.map(({ id, label }) => {
          const on = chosen.includes(id)
          return (
            <button
              key={id}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? chosen.filter((c) => c !== id) : [...chosen, id])}
              className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
                on
                  ? 'bg-purple-600 text-white ring-purple-600'
                  : 'bg-white text-purple-800 ring-purple-200'
              }`}
            >
              {label}
            </button>
          )
        })}
      </div>
    </div>
  )
}

/** One id of a fixed list (kind, theme), or none. */
export function ListSelect({
  name,
  label,
  none,
  options,
  value,
  onChange,
}: {
  name: string
  label: string
  none: string
  options: readonly { id: string; label: string }[]
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div>
      <label htmlFor={`campo-${name}`} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <select
        id={`campo-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${control} h-11`}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * 'Para quem é': years, components, BNCC codes (typed, or found by code, prefix or words and
 * tapped), kind, theme and pages. The server checks every code and adds what the codes imply.
 */
export function SchoolTags({ values, set }: { values: ProductFormValues; set: SetValue }) {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const found = useQuery(skillSearchQuery(q, values.anos, values.componentes))
  const codes = typedCodes(values.bncc)
  const hint = pagesHint(values)
  const etapas = new Set(ANOS.filter((a) => values.anos.includes(a.id)).map((a) => a.etapa))
  const componentes = etapas.size
    ? COMPONENTES.filter((c) => c.etapas.some((e) => etapas.has(e as 'EI' | 'EF' | 'EM')))
    : COMPONENTES
  // A tapped skill marks its years and component at once (the rule the server applies on save).
  const addCode = (skill: BnccSkill) => {
    if (codes.includes(skill.code)) return
    set('bncc', [...codes, skill.code].join(', '))
    const tags = withImplied(values, { anos: skill.anos, componentes: [skill.componente] })
    set('anos', tags.anos)
    set('componentes', tags.componentes)
  }
  return (
    <fieldset
      className="space-y-4 rounded-xl border-2 border-purple-100 p-3"
      data-testid="school-tags"
    >
      <legend className="px-1 text-sm font-bold text-gray-900">Para quem é (opcional)</legend>
      <ChipGroup
        title="Ano escolar"
        testId="tag-anos"
        options={ANOS}
        chosen={values.anos}
        onChange={(anos) => set('anos', anos)}
      />
      <ChipGroup
        title="Componente curricular"
        testId="tag-componentes"
        options={componentes}
        chosen={values.componentes}
        onChange={(chosen) => set('componentes', chosen)}
      />
      <div>
        <label htmlFor="campo-bncc" className="block text-sm font-semibold text-gray-800">
          Códigos da BNCC
        </label>
        <input
          id="campo-bncc"
          name="bncc"
          value={values.bncc}
          placeholder="EF03MA09, EF03MA10"
          onChange={(e) => set('bncc', e.target.value)}
          className={`${control} h-11 font-mono uppercase`}
        />
        <p className="mt-1 text-xs text-gray-600">
          Uma habilidade tocada marca o ano e o componente dela; os de um código digitado entram ao
          salvar.
        </p>
        <label
          htmlFor="campo-bncc-busca"
          className="mt-3 block text-sm font-semibold text-gray-800"
        >
          Buscar habilidade (código, início do código ou palavras)
        </label>
        <input
          id="campo-bncc-busca"
          type="search"
          value={search}
          placeholder="EF03MA ou frações"
          onChange={(e) => setSearch(e.target.value)}
          className={`${control} h-11`}
          data-testid="bncc-search"
        />
        {q.length >= 2 && found.data ? (
          <SkillChoices
            skills={found.data}
            codes={codes}
            onPick={addCode}
            empty="Nenhuma habilidade encontrada."
            testId="bncc-results"
          />
        ) : null}
        {found.error ? <p className="mt-1 text-sm text-red-700">{found.error.message}</p> : null}
        <BnccSuggestions values={values} codes={codes} onPick={addCode} />
        <div className="mt-2">
          <BnccCredit />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <ListSelect
          name="tipo"
          label="Tipo de material"
          none="Não informado"
          options={TIPOS}
          value={values.tipo}
          onChange={(tipo) => set('tipo', tipo)}
        />
        <ListSelect
          name="tema"
          label="Tema"
          none="Nenhum"
          options={TEMAS}
          value={values.tema}
          onChange={(tema) => set('tema', tema)}
        />
        <div>
          <label htmlFor="campo-paginas" className="block text-sm font-semibold text-gray-800">
            Número de páginas
          </label>
          <input
            id="campo-paginas"
            name="paginas"
            inputMode="numeric"
            value={values.paginas}
            placeholder="12"
            onChange={(e) => set('paginas', e.target.value.replace(/\D/g, ''))}
            aria-describedby={hint ? 'campo-paginas-origem' : undefined}
            className={`${control} h-11`}
          />
          {hint && (
            <p
              id="campo-paginas-origem"
              data-testid="pages-hint"
              className="mt-1 text-xs text-gray-600"
            >
              {hint}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  )
}
