import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

interface SheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
}

/** A side panel entering from the right (Radix dialog: focus trap, Esc, scroll lock). */
export function Sheet({ open, onOpenChange, title, description, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="sheet-content fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
          // Radix warns about a missing description unless told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center justify-between border-b border-purple-100 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-purple-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Fechar"
              className="rounded-lg px-2 py-1 text-2xl leading-none text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-purple-500"
            >
              ×
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="sr-only">{description}</Dialog.Description>
          ) : null}
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
