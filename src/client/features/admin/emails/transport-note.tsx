import type { AdminEmails } from '../../../../contracts/messaging'

const NOTES: Record<AdminEmails['transport'], string> = {
  none: 'SMTP não configurado: os e-mails ficam guardados aqui, sem envio. Preencha o servidor na aba E-mail das configurações da loja.',
  settings: 'Enviando pelo servidor SMTP da aba E-mail das configurações da loja.',
  env: 'Enviando pelo servidor SMTP_URL definido no ambiente do servidor: ele vale sobre a aba E-mail das configurações.',
}

/** Where the e-mails go out from, said the same way in the E-mails tab and the E-mail settings. */
export function TransportNote({ transport }: { transport: AdminEmails['transport'] }) {
  return (
    <p
      data-testid="email-transport"
      className={
        transport === 'none'
          ? 'rounded-xl bg-amber-50 p-3 text-sm text-amber-900'
          : 'rounded-xl bg-purple-50 p-3 text-sm text-purple-900'
      }
    >
      {NOTES[transport]}
    </p>
  )
}
