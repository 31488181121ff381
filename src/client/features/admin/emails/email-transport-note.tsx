import { useQuery } from '@tanstack/react-query'
import { adminEmailsQuery } from '../admin.queries'
import { TransportNote } from './transport-note'

/** Above the E-mail settings: whether SMTP_URL in the environment overrides these fields. */
export function EmailTransportNote() {
  const { data } = useQuery(adminEmailsQuery())
  if (!data) return null
  return (
    <div className="mb-4">
      <TransportNote transport={data.transport} />
    </div>
  )
}
