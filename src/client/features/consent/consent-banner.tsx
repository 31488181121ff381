import { readConsent, saveConsent } from '../../lib/consent'

/** The LGPD cookie question: ad pixels only after 'Aceitar'; the answer is remembered. */
export function ConsentBanner({ onDone }: { onDone: () => void }) {
  const answer = (choice: 'accepted' | 'refused') => {
    saveConsent(choice)
    onDone()
  }
  const current = readConsent()
  return (
    <section
      role="dialog"
      aria-labelledby="consentimento-titulo"
      data-testid="consent-banner"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-xl rounded-2xl bg-white p-4 text-sm text-gray-800 shadow-lg ring-1 ring-purple-200"
    >
      <h2 id="consentimento-titulo" className="font-bold text-purple-900">
        Cookies de anúncios
      </h2>
      <p className="mt-1">
        Usamos cookies da Meta, do Google e do TikTok para medir nossos anúncios. Eles só são
        carregados se você aceitar; a loja funciona igual se recusar.
        {current && (
          <> Sua escolha atual: {current === 'accepted' ? 'aceitos' : 'recusados'}.</>
        )}{' '}
        <a href="/politica-privacidade" className="font-semibold text-purple-700 underline">
          Política de privacidade
        </a>
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          data-testid="consent-accept"
          onClick={() => answer('accepted')}
          className="h-11 flex-1 rounded-xl bg-purple-700 px-4 font-semibold text-white"
        >
          Aceitar
        </button>
        <button
          type="button"
          data-testid="consent-refuse"
          onClick={() => answer('refused')}
          className="h-11 flex-1 rounded-xl bg-purple-50 px-4 font-semibold text-purple-900"
        >
          Recusar
        </button>
      </div>
    </section>
  )
}
