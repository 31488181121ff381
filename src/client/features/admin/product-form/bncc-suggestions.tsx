import type { BnccSkill } from '../../../../contracts/bncc'
import { useSkillSuggestions } from '../../bncc/bncc.api'
import type { ProductFormValues } from './form-values'

/** Skills to tap into the product's codes: the picker's results and the suggestions. */
export function SkillChoices({
  skills,
  codes,
  onPick,
  empty,
  testId,
}: {
  skills: BnccSkill[]
  codes: string[]
  onPick: (skill: BnccSkill) => void
  empty: string
  testId: string
}) {
  return (
    <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto" data-testid={testId}>
      {skills.length === 0 ? (
        <li className="text-sm text-gray-600">{empty}</li>
      ) : (
        skills.map((skill) => (
          <li key={skill.code}>
            <button
              type="button"
              onClick={() => onPick(skill)}
              disabled={codes.includes(skill.code)}
              className="w-full rounded-lg bg-purple-50 p-2 text-left text-sm text-gray-800 ring-1 ring-purple-100 disabled:opacity-60"
            >
              <span className="font-mono font-bold text-purple-800">{skill.code}</span>{' '}
              {codes.includes(skill.code) ? '(adicionado) ' : ''}
              {skill.text}
            </button>
          </li>
        ))
      )}
    </ul>
  )
}

/**
 * 'Sugestões da BNCC': the five skills whose official texts best match the product's name and
 * description, within the years and components chosen (the server ranks them).
 */
export function BnccSuggestions({
  values,
  codes,
  onPick,
}: {
  values: ProductFormValues
  codes: string[]
  onPick: (skill: BnccSkill) => void
}) {
  const suggest = useSkillSuggestions()
  const nothingToGoBy = !values.name.trim() && !values.description.trim()
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() =>
          suggest.mutate({
            name: values.name,
            description: values.description,
            anos: values.anos,
            componentes: values.componentes,
          })
        }
        disabled={nothingToGoBy || suggest.isPending}
        className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-purple-800 ring-1 ring-purple-300 disabled:opacity-60"
        data-testid="bncc-suggest"
      >
        {suggest.isPending ? 'Buscando sugestões...' : 'Sugestões da BNCC'}
      </button>
      {nothingToGoBy ? (
        <p className="mt-1 text-xs text-gray-600">
          Escreva o nome ou a descrição do material para receber sugestões.
        </p>
      ) : null}
      {suggest.data ? (
        <SkillChoices
          skills={suggest.data}
          codes={codes}
          onPick={onPick}
          empty="Nenhuma habilidade parecida com o nome e a descrição."
          testId="bncc-suggestions"
        />
      ) : null}
      {suggest.error ? <p className="mt-1 text-sm text-red-700">{suggest.error.message}</p> : null}
    </div>
  )
}
