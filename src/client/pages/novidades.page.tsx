import { useEffect } from 'react'
import { Link, useSearchParams } from 'wouter'
import { useNewsletterLink } from '../features/layout/newsletter.api'
import { buttonClasses } from '../ui/button'
import { Spinner } from '../ui/spinner'

const TEXTS = {
  confirm: { emoji: '💌', title: 'Confirmando sua inscrição' },
  unsubscribe: { emoji: '👋', title: 'Cancelar inscrição' },
} as const

/**
 * The e-mails' links: /novidades/confirmar?t= (the double opt-in's second step) and
 * /novidades/cancelar?t=&n= (stops every newsletter at once). No login: the token is the key.
 * The request is made when the page opens; the page says what happened.
 */
export default function NewsletterLinkPage({ mode }: { mode: keyof typeof TEXTS }) {
  const [params] = useSearchParams()
  const token = params.get('t') ?? ''
  const newsletterId = params.get('n')
  const texts = TEXTS[mode]
  const request = useNewsletterLink(mode, token, newsletterId)
  const { mutate } = request
  useEffect(() => {
    if (token) mutate()
  }, [token, mutate])

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-purple-100">
        <p aria-hidden="true" className="text-4xl">
          {texts.emoji}
        </p>
        <h1 className="mt-2 text-2xl font-extrabold text-purple-900">{texts.title}</h1>
        <div className="mt-4" role="status">
          {!token ? (
            <p className="text-gray-700">Este link está incompleto.</p>
          ) : request.isPending || request.isIdle ? (
            <Spinner className="mx-auto size-6" />
          ) : request.isError ? (
            <p className="text-red-800">{request.error.message}</p>
          ) : (
            <p className="text-gray-800" data-testid="newsletter-result">
              {request.data.message}
            </p>
          )}
        </div>
        <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Ir para a loja
        </Link>
      </div>
    </div>
  )
}
