import * as Dialog from '@radix-ui/react-dialog'
import { Link } from 'wouter'
import { copyText } from '../../../lib/copy-text'
import { Button, buttonClasses } from '../../../ui/button'
import { toast } from '../../../ui/toast-store'

interface SuccessDialogProps {
  open: boolean
  title: string
  name: string
  shareUrl: string
  redirecting: boolean
  onClose: () => void
  /** Clears the form for the next product (not offered when editing). */
  onAnother?: () => void
}

/** After a save: the product's link to share, copied already, and where to go next. */
export function SuccessDialog(props: SuccessDialogProps) {
  const { open, title, name, shareUrl, redirecting, onClose, onAnother } = props
  const copy = async () => {
    const ok = await copyText(shareUrl)
    toast(
      ok
        ? { title: 'Link copiado!', variant: 'success', duration: 2000 }
        : { title: 'Não foi possível copiar', description: shareUrl, variant: 'destructive' },
    )
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="success-dialog"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-extrabold text-emerald-700">
            🎉 {title}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-gray-700">
            <strong>{name}</strong> foi salvo. Link para compartilhar:
          </Dialog.Description>
          <input
            readOnly
            value={shareUrl}
            aria-label="Link do produto"
            onFocus={(e) => e.currentTarget.select()}
            className="mt-3 h-11 w-full rounded-xl border-2 border-purple-100 bg-purple-50 px-3 font-mono text-sm"
          />
          {redirecting && <p className="mt-2 text-sm text-gray-500">Redirecionando...</p>}
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <Button onClick={() => void copy()}>Copiar link</Button>
            <a
              href={shareUrl}
              target="_blank"
              rel="noopener"
              className={buttonClasses('secondary')}
            >
              Ver produto ↗
            </a>
            <Link href="/admin?aba=products" className={buttonClasses('secondary')}>
              Voltar ao painel
            </Link>
            {onAnother && (
              <Button variant="ghost" onClick={onAnother}>
                Cadastrar outro
              </Button>
            )}
          </div>
          <Dialog.Close
            aria-label="Fechar"
            className="absolute top-3 right-3 rounded-lg px-2 py-1 text-2xl leading-none text-gray-500 hover:bg-gray-100"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
