import { useQuery } from '@tanstack/react-query'
import { adminEmailsQuery } from '../admin.queries'
import { TransportNote } from './transport-note'

/**
 * Above the E-mail settings: what SMTP is, in a teacher's words, and whether SMTP_URL in the
 * environment overrides these fields.
 */
export function EmailTransportNote() {
  const { data } = useQuery(adminEmailsQuery())
  return (
    <div className="mb-4 space-y-2">
      <p className="text-sm text-gray-600" data-testid="smtp-explained">
        SMTP é o servidor de envio do seu e-mail (o do Gmail, do Outlook ou do seu provedor): com o
        endereço, o usuário e a senha dele, a loja manda recibos, códigos e avisos em seu nome.
      </p>
      {data && <TransportNote transport={data.transport} />}
    </div>
  )
}
