import { Link } from 'wouter'
import type { BnccIndex } from '../../../contracts/bncc'
import { Badge } from '../../ui/badge'
import {
  indexSections,
  skillsCount,
  type EtapaId,
  type IndexComponent,
  type IndexPart,
  type IndexSection,
} from './bncc-index-sections'

const materialsLabel = (n: number) => (n === 1 ? '1 material' : `${n} materiais`)

// Safari draws its own triangle unless its marker is hidden; the chevron turns instead.
const SUMMARY =
  'flex cursor-pointer list-none items-center gap-2 [&::-webkit-details-marker]:hidden'

function Chevron({ group }: { group: 'year' | 'component' }) {
  return (
    <span
      aria-hidden="true"
      className={
        'shrink-0 text-purple-500 transition-transform ' +
        (group === 'year' ? 'group-open/year:rotate-90' : 'group-open/component:rotate-90')
      }
    >
      ▸
    </span>
  )
}

/**
 * Every BNCC code of the index, by stage, year and component, each year and component a
 * collapsed `<details>` (a phone scrolls thirteen rows, not 1,580 codes). The codes some
 * material on sale teaches link to their page with the count and the start of their text; the
 * others are plain codes, since their pages would be empty.
 */
export function SkillsIndex({ index }: { index: BnccIndex }) {
  return (
    <div className="space-y-6" data-testid="bncc-index">
      {indexSections(index).map((stage) => (
        <section key={stage.id} className="space-y-2" aria-labelledby={`etapa-${stage.id}`}>
          <h2 id={`etapa-${stage.id}`} className="text-xl font-bold text-gray-900">
            {stage.label}
          </h2>
          <div className="divide-y divide-purple-100 rounded-2xl bg-white shadow-sm ring-1 ring-purple-100">
            {stage.sections.map((section) => (
              <YearDetails key={section.key} etapa={stage.id} section={section} />
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}

function YearDetails({ etapa, section }: { etapa: EtapaId; section: IndexSection }) {
  return (
    <details className="group/year" data-testid="bncc-year">
      <summary className={`${SUMMARY} px-4 py-3`}>
        <Chevron group="year" />
        <span className="min-w-0 flex-1">
          <span className="block font-bold text-purple-900">{section.label}</span>
          {section.ages ? (
            <span className="block text-xs text-gray-600">{section.ages}</span>
          ) : null}
        </span>
        <TaughtBadge taught={section.taught} total={section.total} etapa={etapa} />
      </summary>
      <div className="space-y-2 px-3 pb-3">
        {section.components.map((component) => (
          <ComponentDetails key={component.id} etapa={etapa} component={component} />
        ))}
      </div>
    </details>
  )
}

/** '3 com materiais' when some are taught, else how many there are. */
function TaughtBadge({ taught, total, etapa }: { taught: number; total: number; etapa: EtapaId }) {
  return taught > 0 ? (
    <Badge tone="pink" className="shrink-0">
      {taught} com materiais
    </Badge>
  ) : (
    <span className="shrink-0 text-xs text-gray-500">{skillsCount(etapa, total)}</span>
  )
}

function ComponentDetails({ etapa, component }: { etapa: EtapaId; component: IndexComponent }) {
  return (
    <details className="group/component rounded-xl bg-purple-50/50 ring-1 ring-purple-100">
      <summary className={`${SUMMARY} px-3 py-2.5`}>
        <Chevron group="component" />
        <span className="min-w-0 flex-1 font-semibold text-gray-900">{component.label}</span>
        <span className="shrink-0 text-right text-xs text-gray-600">
          {skillsCount(etapa, component.total)}
          {component.taught > 0 ? (
            <span className="block font-semibold text-pink-700">
              {component.taught} com materiais
            </span>
          ) : null}
        </span>
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {component.parts.map((part) => (
          <Part key={part.label ?? 'own'} part={part} />
        ))}
      </div>
    </details>
  )
}

function Part({ part }: { part: IndexPart }) {
  return (
    <div className="space-y-2">
      {part.label ? <h3 className="text-sm font-bold text-gray-800">{part.label}</h3> : null}
      {part.taught.length ? (
        <ul className="space-y-1.5">
          {part.taught.map(({ code, materials, start }) => (
            <li key={code}>
              <Link
                href={`/bncc/${code}`}
                className="block rounded-lg bg-white p-2.5 ring-1 ring-purple-300 hover:ring-purple-500"
                data-testid="bncc-taught"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-mono font-bold text-purple-800 underline">{code}</span>
                  <Badge tone="pink">{materialsLabel(materials)}</Badge>
                </span>
                <span className="mt-1 block text-sm text-gray-700">{start}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {part.plain.length ? (
        <div>
          <p className="mb-1 text-xs text-gray-600">Ainda sem materiais na loja:</p>
          <ul
            className="flex flex-wrap gap-1 font-mono text-xs text-gray-600 *:rounded *:bg-white *:px-1.5 *:py-0.5 *:ring-1 *:ring-gray-200"
            data-testid="bncc-untaught"
          >
            {part.plain.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
