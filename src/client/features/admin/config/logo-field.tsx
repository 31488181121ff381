import { useId, useRef } from 'react'
import { Button } from '../../../ui/button'
import { StoreMark } from '../../settings/store-brand'
import { usePublicSetting } from '../../settings/settings.api'
import { useStoreLogo } from '../admin.mutations'

/**
 * The store's logo: an image (JPEG, PNG, WebP or GIF) sent to POST /api/admin/store/logo,
 * which checks it by its content and makes it the header's and the e-mails' mark; 'Voltar à
 * maçã' removes it.
 */
export function LogoField() {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const logo = usePublicSetting('store_logo')
  const { upload, remove } = useStoreLogo()

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
