import { Link } from 'wouter'
import { GuestLookup, useCredentialsFromUrl } from '../features/account/guest-lookup'

/**
 * /download-direto, /download-simples and /baixar-materiais (SPEC.md section 2): the links sent
 * to buyers without an account. One page for the three addresses, so they never drift apart.
 */
export default function DirectDownloadPage() {
  const initial = useCredentialsFromUrl()
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-center text-2xl font-extrabold text-purple-900 sm:text-3xl">
        Baixar meus materiais
      </h1>
      <p className="mt-1 text-center text-gray-600">
        Informe o email e o WhatsApp usados na compra para baixar seus materiais.
      </p>
      <section
        aria-label="Download direto"
        className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-purple-100"
      >
        <GuestLookup initial={initial} />
      </section>
      <p className="mt-6 text-center text-sm text-gray-600">
        Tem conta na loja?{' '}
        <Link href="/login" className="font-semibold text-purple-700 underline">
          Fazer Login
        </Link>
      </p>
    </div>
  )
}
