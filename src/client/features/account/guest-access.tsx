import { useState } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { cn } from '../../lib/cn'
import { GuestLookup, useCredentialsFromUrl } from './guest-lookup'

/** SPEC.md section 4: how a visitor chose to reach their materials. */
type Mode = 'none' | 'login' | 'guest'

/** /meus-materiais for a visitor who is not logged in: log in, or look purchases up. */
export function GuestAccess() {
  const initial = useCredentialsFromUrl()
  const [mode, setMode] = useState<Mode>(initial.email || initial.whatsapp ? 'guest' : 'none')

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-center text-2xl font-extrabold text-purple-900 sm:text-3xl">
        Acesse seus materiais
      </h1>
      <p className="mt-1 text-center text-gray-600">Escolha como você quer entrar.</p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link
          href="/login"
          onClick={() => setMode('login')}
          className={cn(buttonClasses('primary', 'lg'), 'h-auto flex-col py-4')}
        >
          <span>Fazer Login</span>
          <span className="text-sm font-normal opacity-90">Tenho conta na loja</span>
        </Link>
        <button
          type="button"
          aria-expanded={mode === 'guest'}
          onClick={() => setMode('guest')}
          className={cn(buttonClasses('secondary', 'lg'), 'h-auto flex-col py-4')}
        >
          <span>Acesso Rápido</span>
          <span className="text-sm font-normal">Comprei sem criar conta</span>
        </button>
      </div>
      {mode === 'guest' && (
        <section
          aria-label="Acesso rápido"
          className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-purple-100"
        >
          <p className="mb-4 text-sm text-gray-600">
            Informe o email e o WhatsApp que você usou na compra.
          </p>
          <GuestLookup initial={initial} />
        </section>
      )}
    </div>
  )
}
