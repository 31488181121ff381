import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'

function StateBox({ emoji, title, text }: { emoji: string; title: string; text: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 text-center">
      <p aria-hidden="true" className="text-5xl">
        {emoji}
      </p>
      <h1 className="mt-4 text-2xl font-extrabold text-purple-900">{title}</h1>
      <p className="mt-2 text-gray-600">{text}</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Voltar à loja
      </Link>
    </div>
  )
}

export function ProductError({ message }: { message?: string }) {
  return (
    <StateBox emoji="😕" title="Erro ao carregar produto" text={message || 'Erro desconhecido'} />
  )
}

export function ProductNotFound() {
  return (
    <StateBox
      emoji="🔎"
      title="Produto não encontrado"
      text="O produto que você está procurando não existe."
    />
  )
}
