import { useMutation } from '@tanstack/react-query'
import * as storeRoutes from '../../../contracts/api-routes/store.routes'
import type { ContactRequestBody } from '../../../contracts/contact'
import { call } from '../../lib/api'
import { toast } from '../../ui/toast-store'

/**
 * 'Fale conosco': the message, answered with its protocol number. `showUnderField` places a
 * refusal under the field it names (answers whether it did); others are toasted.
 */
export function useSendContact(showUnderField: (error: Error) => boolean) {
  return useMutation({
    mutationFn: (values: ContactRequestBody) =>
      call(storeRoutes.contact, {
        body: { ...values, orderId: values.orderId?.trim() || undefined },
      }),
    // The protocol is shown where the form was: the page goes back to its top.
    onSuccess: () => window.scrollTo({ top: 0 }),
    onError: (error) => {
      if (!showUnderField(error)) {
        toast({ title: 'Mensagem não enviada', description: error.message, variant: 'destructive' })
      }
    },
  })
}
