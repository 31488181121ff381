import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { Button } from './button'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What will happen, in the words the person deciding needs. */
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  /** The other way out; 'Cancelar' unless the dialog cancels nothing. */
  cancelLabel?: string
}

/** Asks before an action that cannot be taken back (Radix dialog: focus trap, Esc closes). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, children, confirmLabel, onConfirm } = props
  const cancelLabel = props.cancelLabel ?? 'Cancelar'
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="confirm-dialog"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-extrabold text-purple-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-gray-700">{children}</div>
          </Dialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </Dialog.Close>
            <Button
              variant="success"
              data-testid="confirm-dialog-ok"
              onClick={() => {
                onOpenChange(false)
                onConfirm()
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
