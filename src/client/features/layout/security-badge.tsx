import { useQuery } from '@tanstack/react-query'
import { securityStatusQuery } from './security.api'

/** States of SPEC.md section 4: loading, secure, insecure (an error counts as insecure). */
export function SecurityBadge() {
  const { data, isPending } = useQuery(securityStatusQuery())
  if (isPending) {
    return (
      <span className="inline-flex items-center gap-1 opacity-80" data-state="loading">
        <span aria-hidden="true">⏳</span> Verificando segurança...
      </span>
    )
  }
  if (data?.secure) {
    return (
      <span
        className="inline-flex items-center gap-1 font-semibold"
        data-state="secure"
        title="Conexão criptografada (HTTPS)"
      >
        <span aria-hidden="true">🔒</span> Site seguro
      </span>
    )
  }
  return (
    <span
      className="inline-flex items-center gap-1 font-semibold text-amber-200"
      data-state="insecure"
      title="Esta conexão não está criptografada"
    >
      <span aria-hidden="true">⚠️</span> Conexão não segura
    </span>
  )
}
