import { useQuery } from '@tanstack/react-query'
import { BnccCredit } from '../features/bncc/bncc-credit'
import { SkillsIndex } from '../features/bncc/bncc-index'
import { skillsIndexQuery } from '../features/bncc/bncc.api'
import { LoadError, PageLoading } from '../ui/query-state'

const count = new Intl.NumberFormat('pt-BR')

/** /bncc: every BNCC code by stage, year and component; those with materials link to them. */
export default function BnccIndexPage() {
  const { data, error, isPending, refetch } = useQuery(skillsIndexQuery())
  if (isPending) return <PageLoading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const total = data.groups.reduce((sum, g) => sum + g.codes.length, 0)
  const taught = Object.keys(data.taught).length
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold text-purple-900 sm:text-3xl">
          Habilidades da BNCC por ano e componente
        </h1>
        <p className="text-gray-700">
          Os {count.format(total)} objetivos de aprendizagem e habilidades da BNCC, da Educação
          Infantil ao Ensino Médio. Abra o ano e o componente que você ensina: os códigos com
          materiais à venda na loja aparecem em destaque, com o link para eles.
        </p>
        <p className="font-semibold text-pink-700" data-testid="bncc-taught-count">
          {taught === 0
            ? 'Ainda nenhum código com materiais à venda.'
            : taught === 1
              ? '1 código com materiais à venda.'
              : `${count.format(taught)} códigos com materiais à venda.`}
        </p>
        <BnccCredit />
      </header>
      <SkillsIndex index={data} />
    </div>
  )
}
