import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { SKILLS_REPORT_EMPTY, skillsGroups } from '../../../contracts/skills-report'
import { buttonClasses } from '../../ui/button'
import { LoadError, Loading } from '../../ui/query-state'
import { BnccCredit } from '../bncc/bncc-credit'
import { skillsPdfHref, skillsQuery } from './account.api'

/**
 * 'Relatório de habilidades': the BNCC skills her materials teach, by years and component, each
 * with its official text and the materials that carry it; the same report as a PDF to print.
 */
export function SkillsReport() {
  const { data, error, isPending, refetch } = useQuery(skillsQuery())
  return (
    <section aria-labelledby="habilidades-titulo" className="mt-8" data-testid="skills-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="habilidades-titulo" className="text-xl font-extrabold text-purple-900">
          Relatório de habilidades
        </h2>
        {data && data.length > 0 && (
          <a
            href={skillsPdfHref()}
            download
            className={buttonClasses('secondary', 'sm')}
            data-testid="skills-pdf"
          >
            Baixar PDF
          </a>
        )}
      </div>
      {isPending ? (
        <Loading label="Carregando as habilidades..." />
      ) : error ? (
        <div className="mt-3">
          <LoadError error={error} onRetry={() => void refetch()} />
        </div>
      ) : data.length === 0 ? (
        <p className="mt-3 rounded-2xl border-2 border-dashed border-purple-200 bg-white p-4 text-sm text-gray-700">
          {SKILLS_REPORT_EMPTY}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            As habilidades da BNCC que os seus materiais trabalham, por ano e componente.
          </p>
          {skillsGroups(data).map((group) => (
            <div key={group.key} className="mt-4">
              <h3 className="font-bold text-purple-800">
                {group.years} · {group.component}
              </h3>
              <ul className="mt-2 space-y-2">
                {group.skills.map((skill) => (
                  <li
                    key={skill.code}
                    className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-purple-100"
                  >
                    <Link
                      href={`/bncc/${skill.code}`}
                      className="font-mono text-sm font-bold text-purple-700 underline"
                    >
                      {skill.code}
                    </Link>
                    <p className="mt-1 text-sm text-gray-800">{skill.text}</p>
                    <p className="mt-2 text-xs text-gray-600">
                      {skill.products.length === 1 ? 'Material: ' : 'Materiais: '}
                      {skill.products.map((product, i) => (
                        <span key={product.id}>
                          {i > 0 && ', '}
                          <Link
                            href={`/produto/${product.id}`}
                            className="font-semibold text-purple-700 underline"
                          >
                            {product.name}
                          </Link>
                        </span>
                      ))}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="mt-3">
            <BnccCredit />
          </div>
        </>
      )}
    </section>
  )
}
