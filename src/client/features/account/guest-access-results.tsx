import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { GuestAccessAnswer } from '../../../contracts/guest-access'
import { accountKeys } from './account.api'
import { GuestResults } from './guest-results'
import { applyRefundAnswer } from './refund-request'
import { SkillsReport } from './skills-report'
import { withDownloadCounted } from './use-purchase-download'
import { withZipCounted } from './order-zip'

/**
 * The materials of an e-mail whose inbox this browser proved it holds (a code or the e-mailed
 * link): no WhatsApp to send, the server knows the access from its cookie.
 */
export function GuestAccessResults({
  found: initial,
  onBack,
}: {
  found: GuestAccessAnswer
  onBack: () => void
}) {
  const [found, setFound] = useState(initial)
  const queryClient = useQueryClient()
  return (
    <GuestResults
      found={found}
      credentials={{ email: found.email, whatsapp: '' }}
      onBack={onBack}
      onRefundAnswered={(orderId, answer) => {
        setFound((f) => applyRefundAnswer(f, orderId, answer))
        // A refunded order's materials teach her nothing more: the report follows.
        void queryClient.invalidateQueries({ queryKey: accountKeys.skills() })
      }}
      onCounted={(answer) =>
        setFound((f) => ({ ...f, purchases: withDownloadCounted(f.purchases, answer) }))
      }
      onZip={(orderId) =>
        setFound((f) => ({ ...f, purchases: withZipCounted(f.purchases, orderId) }))
      }
    >
      <SkillsReport />
    </GuestResults>
  )
}
