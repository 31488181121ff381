import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { ANOS, COMPONENTES } from '../../contracts/school'
import { BnccCredit } from '../features/bncc/bncc-credit'
import { skillQuery } from '../features/bncc/bncc.api'
import { ProductCard } from '../features/catalog/product-card'
import { isNotFound } from '../features/catalog/product.api'
import { LoadError, PageLoading } from '../ui/query-state'

/** /bncc/EF03MA09: a skill's official text, its year and component, and the materials on sale. */
export default function BnccSkillPage({ code }: { code: string }) {
  const upper = code.toUpperCase()
  const { data, error, isPending, refetch } = useQuery(skillQuery(upper))
  if (isPending) return <PageLoading />
  if (isNotFound(error)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold text-purple-900">Código BNCC não encontrado</h1>
        <p className="mt-2 text-gray-700">
          Confira o código (por exemplo, EF03MA09),{' '}
          <Link href="/bncc" className="font-semibold text-purple-700 underline">
            veja todas as habilidades da BNCC
          </Link>{' '}
          ou{' '}
          <Link href="/" className="font-semibold text-purple-700 underline">
            todos os materiais
          </Link>
          .
        </p>
      </div>
    )
  }
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const years = ANOS.filter((a) => data.anos.includes(a.id)).map((a) => a.label)
  const component = COMPONENTES.find((c) => c.id === data.componente)?.label
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-purple-700" data-testid="skill-audience">
          {[...years, component].filter(Boolean).join(' · ')}
        </p>
        <h1 className="font-mono text-3xl font-extrabold text-purple-900">{data.code}</h1>
        <p className="text-lg text-gray-800" data-testid="skill-text">
          {data.text}
        </p>
        <BnccCredit />
        <Link
          href="/bncc"
          className="inline-block text-sm font-semibold text-purple-700 underline"
          data-testid="bncc-index-link"
        >
          Todas as habilidades da BNCC
        </Link>
      </header>
      <section className="space-y-3">
        <h2 className="text-xl font-bold text-gray-900">
          {data.products.length === 0
            ? 'Nenhum material desta habilidade à venda ainda'
            : data.products.length === 1
              ? '1 material que trabalha esta habilidade'
              : `${data.products.length} materiais que trabalham esta habilidade`}
        </h2>
        {data.products.length === 0 ? (
          <Link href="/" className="font-semibold text-purple-700 underline">
            Ver todos os materiais
          </Link>
        ) : (
          <div
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            data-testid="product-grid"
          >
            {data.products.map((card) => (
              <ProductCard key={card.id} product={card} />
            ))}
          </div>
        )}
      </section>
    </div>
  )
}
