import { Link, useLocation } from 'wouter'
import { buttonClasses } from '../ui/button'

export default function NotFoundPage() {
  const [path] = useLocation()
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center">
      <p aria-hidden="true" className="text-6xl">
        🧭
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-purple-900">Página não encontrada</h1>
      <p className="mt-2 text-gray-600">O endereço que você abriu não existe ou mudou de lugar.</p>
      <p className="mt-4 rounded-lg bg-gray-100 px-3 py-2 font-mono text-xs break-all text-gray-600">
        Caminho: {path}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link href="/" className={buttonClasses('primary')}>
          Voltar à loja
        </Link>
        <Link href="/meus-materiais" className={buttonClasses('secondary')}>
          Meus materiais
        </Link>
      </div>
    </div>
  )
}
