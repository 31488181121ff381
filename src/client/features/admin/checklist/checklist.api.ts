import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as storeAdmin from '../../../../contracts/api-routes/store-admin.routes'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { productKeys } from '../../catalog/catalog.api'
import { adminKeys } from '../admin.queries'

/** 'Antes de vender': each item read from the store's real state. */
export const checklistQuery = () =>
  queryOptions({
    queryKey: adminKeys.checklist(),
    queryFn: ({ signal }) => call(storeAdmin.checklist, { signal }),
    // Read again whenever /admin opens: the owner comes back from the tab where she did a step.
    staleTime: 0,
    refetchOnMount: 'always',
  })

/** 'Remover demonstração': the demo's materials and test orders leave, its texts optionally too. */
export function useRemoveDemo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (replaceTexts: boolean) => call(storeAdmin.removeDemo, { body: { replaceTexts } }),
    onSuccess: (answer) => {
      const texts =
        answer.texts > 0
          ? ` ${answer.texts === 1 ? '1 texto de exemplo trocado' : `${answer.texts} textos de exemplo trocados`} por textos neutros: revise-os quando puder.`
          : ''
      toast({
        title: 'Demonstração removida',
        description: `${answer.products} materiais e ${answer.orders} pedidos de teste saíram da loja.${texts}`,
        variant: 'success',
        duration: 4000,
      })
      // Every figure, list and the storefront's catalogue change at once.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
      void queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
    onError: (error) =>
      toast({
        title: 'Não foi possível remover a demonstração',
        description: error.message || 'Tente de novo.',
        variant: 'destructive',
      }),
  })
}
