import { useState, type FormEvent } from 'react'
import { NEWSLETTER_CONSENT_LABEL } from '../../../contracts/newsletter-texts'
import { useNewsletterSignup } from './newsletter.api'

/**
 * The footer's opt-in: an e-mail and one button, nothing ticked for her. The answer asks her
 * to confirm in her inbox (double opt-in) and is the same whoever she is.
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({
    busy: false,
  })
  const signup = useNewsletterSignup()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setState({ busy: true })
    try {
      const { message } = await signup.mutateAsync(email)
      setState({ busy: false, message })
      setEmail('')
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'Tente de novo.' })
    }
  }

  return (
    <section aria-labelledby="footer-novidades">
      <h2 id="footer-novidades" className="font-bold text-white">
        Novidades por e-mail
      </h2>
      <p className="mt-2 text-purple-200">{NEWSLETTER_CONSENT_LABEL}:</p>
      <form onSubmit={submit} noValidate className="mt-2 flex gap-2">
        <label htmlFor="rodape-email" className="sr-only">
          Seu e-mail
        </label>
        <input
          id="rodape-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          placeholder="seu@email.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-11 min-w-0 flex-1 rounded-xl border-2 border-purple-700 bg-purple-900 px-3 text-base text-white placeholder:text-purple-300 focus:border-white focus:outline-none"
        />
        <button
          type="submit"
          disabled={state.busy}
          className="h-11 shrink-0 rounded-xl bg-pink-700 px-4 font-semibold text-white hover:bg-pink-800 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
        >
          Quero
        </button>
      </form>
      <p role="status" className="mt-2 text-xs text-purple-200">
        {state.message ?? ''}
      </p>
      {state.error ? (
        <p role="alert" className="mt-1 text-xs font-semibold text-pink-200">
          {state.error}
        </p>
      ) : null}
    </section>
  )
}
