import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as newsletterRoutes from '../../../../contracts/api-routes/newsletter.routes'
import type { NewsletterInput } from '../../../../contracts/newsletter'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

export const newsletterKeys = {
  all: () => [...adminKeys.all, 'newsletters'] as const,
  preview: (id: number) => [...newsletterKeys.all(), id, 'preview'] as const,
}

/** Subscribers and sends; refreshed every few seconds while one is on its way (its progress). */
export const newslettersQuery = () =>
  queryOptions({
    queryKey: newsletterKeys.all(),
    queryFn: ({ signal }) => call(newsletterRoutes.overview, { signal }),
    refetchInterval: (query) =>
      query.state.data?.newsletters.some((n) => n.status === 'sending') ? 5000 : false,
  })

/** The e-mail itself, as subscribers get it. */
export const previewQuery = (id: number) =>
  queryOptions({
    queryKey: newsletterKeys.preview(id),
    queryFn: ({ signal }) => call(newsletterRoutes.preview, { params: { id }, signal }),
  })

export function useSaveNewsletter(onSaved: (id: number) => void, onError: (e: Error) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: NewsletterInput }) =>
      id
        ? call(newsletterRoutes.update, { params: { id }, body: input })
        : call(newsletterRoutes.create, { body: input }),
    onSuccess: (saved) => {
      toast({ title: 'Rascunho salvo', variant: 'success', duration: 2500 })
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.all() })
      onSaved(saved.id)
    },
    onError,
  })
}

export function useTestNewsletter() {
  return useMutation({
    mutationFn: (id: number) => call(newsletterRoutes.test, { params: { id } }),
    onSuccess: (answer) => toast({ title: answer.message, variant: 'success', duration: 4000 }),
    onError: (error) =>
      toast({ title: 'Teste não enviado', description: error.message, variant: 'destructive' }),
  })
}

export function useSendNewsletter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(newsletterRoutes.send, { params: { id } }),
    onSuccess: ({ recipients }) => {
      toast({
        title: 'Envio iniciado',
        description: `${recipients} ${recipients === 1 ? 'inscrito recebe' : 'inscritos recebem'} no ritmo configurado.`,
        variant: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.all() })
    },
    onError: (error) =>
      toast({ title: 'Envio não iniciado', description: error.message, variant: 'destructive' }),
  })
}
