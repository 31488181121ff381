import { useQuery } from '@tanstack/react-query'
import { paymentMethodsQuery } from './checkout.api'

/**
 * What the checkout may promise about a PIX (issue 27, item 7): a provider that confirms by
 * itself releases the materials 'na hora'; the store's own key only after the shop confirms.
 * Until the methods answer arrives, nothing is promised either way.
 */
export function usePixPromise(): { line: string; short: string } {
  const confirmation = useQuery(paymentMethodsQuery()).data?.pixConfirmation
  if (confirmation === 'manual') {
    return {
      line: 'Pague pelo app do banco: os materiais são liberados após a confirmação da loja.',
      short: 'materiais liberados após a confirmação da loja',
    }
  }
  if (confirmation === 'automatic') {
    return {
      line: 'Aprovação na hora e materiais liberados logo após o pagamento.',
      short: 'materiais liberados na hora',
    }
  }
  return {
    line: 'Materiais liberados depois do pagamento.',
    short: 'materiais liberados após o pagamento',
  }
}
