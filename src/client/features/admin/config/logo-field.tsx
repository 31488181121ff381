import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import type { LogoAnswer } from '../../../../contracts/store'
import * as storeAdmin from '../../../../contracts/api-routes/store-admin.routes'
import { call, path } from '../../../lib/api'
import { sendWithProgress } from '../../../lib/xhr-upload'
import { Button } from '../../../ui/button'
import { toast } from '../../../ui/toast-store'
import { StoreMark } from '../../settings/store-brand'
import { publicSettingsQuery, usePublicSetting } from '../../settings/settings.queries'
import { adminKeys } from '../admin.queries'

/**
 * The store's logo: an image (JPEG, PNG, WebP or GIF) sent to POST /api/admin/store/logo,
 * which checks it by its content and makes it the header's and the e-mails' mark; 'Voltar à
 * maçã' removes it.
 */
export function LogoField() {
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const logo = usePublicSetting('store_logo')
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey })
    void queryClient.invalidateQueries({ queryKey: adminKeys.all })
  }
  const failed = (error: Error) =>
    toast({
      title: 'Não foi possível trocar o logo',
      description: error.message || 'Tente de novo.',
      variant: 'destructive',
    })
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('logo', file)
      return sendWithProgress<LogoAnswer>({
        method: 'POST',
        url: path(storeAdmin.uploadLogo),
        body,
        timeoutMs: 120_000,
        timeoutMessage: 'O envio do logo demorou demais. Tente de novo.',
      })
    },
    onSuccess: () => {
      toast({ title: 'Logo salvo!', variant: 'success', duration: 3000 })
      refresh()
    },
    onError: failed,
  })
  const remove = useMutation({
    mutationFn: () => call(storeAdmin.deleteLogo),
    onSuccess: () => {
      toast({ title: 'Logo removido: a loja volta à maçã', variant: 'success', duration: 3000 })
      refresh()
    },
    onError: failed,
  })

  return (
    <div
      data-testid="logo-field"
      className="mb-4 rounded-2xl border-2 border-purple-100 bg-white p-4"
    >
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        Logo
      </label>
      <div className="mt-2 flex items-center gap-3">
        <span className="grid h-14 min-w-14 shrink-0 place-items-center rounded-xl bg-purple-50 px-2">
          {logo ? (
            <img src={logo} alt="Logo atual" className="h-12 w-auto max-w-40 object-contain" />
          ) : (
            <StoreMark />
          )}
        </span>
        <p className="text-xs text-gray-500">
          Aparece no topo do site e nos e-mails. JPEG, PNG, WebP ou GIF; sem logo, fica a maçã.
        </p>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        data-testid="logo-input"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) upload.mutate(file)
          event.target.value = ''
        }}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? 'Enviando...' : logo ? 'Trocar logo' : 'Enviar logo'}
        </Button>
        {logo && (
          <Button
            size="sm"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Voltar à maçã
          </Button>
        )}
      </div>
    </div>
  )
}
