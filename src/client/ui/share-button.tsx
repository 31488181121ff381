import { toast } from './toast-store'

/**
 * Native share sheet on phones (WhatsApp is there); elsewhere the link goes to the clipboard.
 * `url`: this page's address unless given; `text`: what the message says before it.
 */
export function ShareButton({
  title,
  url: given,
  text = `Olha este material: ${title}`,
  label = 'Compartilhar',
}: {
  title: string
  url?: string
  text?: string
  label?: string
}) {
  const share = async () => {
    const url = given ?? window.location.href
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url })
        return
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast({
        title: 'Link copiado!',
        description: 'Cole o link na conversa para compartilhar.',
        variant: 'success',
        duration: 3000,
      })
    } catch {
      toast({ title: 'Não foi possível copiar', description: url, variant: 'destructive' })
    }
  }
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex h-10 items-center gap-2 rounded-xl border border-purple-200 bg-white px-3 text-sm font-semibold text-purple-700 hover:bg-purple-50 focus-visible:outline-3 focus-visible:outline-purple-500"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        className="size-4"
        aria-hidden="true"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {label}
    </button>
  )
}
