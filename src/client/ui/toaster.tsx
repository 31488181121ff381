import * as Toast from '@radix-ui/react-toast'
import { cn } from '../lib/cn'
import { dismissToast, useCurrentToast } from './toast-store'

const VARIANT_CLASSES = {
  default: 'border-purple-200 bg-white text-gray-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-300 bg-red-50 text-red-950',
}

/** Radix toast with the SPEC.md section 9 settings: 5 s, swipe right 50 px, F8 hotkey. */
export function Toaster() {
  const message = useCurrentToast()
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={5000} label="Notificação">
      {message && (
        <Toast.Root
          key={message.id}
          duration={message.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id)
          }}
          className={cn(
            'toast-root relative flex items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg',
            VARIANT_CLASSES[message.variant ?? 'default'],
          )}
        >
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-bold">{message.title}</Toast.Title>
            {message.description && (
              <Toast.Description className="mt-1 text-sm opacity-90">
                {message.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Fechar"
            className="absolute top-2 right-2 rounded-lg px-2 py-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-purple-500"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        hotkey={['F8']}
        label="Notificações ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  )
}
