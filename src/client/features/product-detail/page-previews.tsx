import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState } from 'react'
import type { PreviewImage } from '../../../contracts/previews'
import { SmartImage } from '../../ui/smart-image'

interface PagePreviewsProps {
  name: string
  previews: PreviewImage[]
  /** The material's pages when known: 'Página 2 de 24'. */
  total: number | null
}

const pageLabel = (page: number, total: number | null) =>
  total ? `Página ${page} de ${total}` : `Página ${page}`

/**
 * 'Veja por dentro': the chosen pages after the cover, a row swiped sideways (scroll-snap: the
 * browser's own swipe, no script per move); a tap opens them full-screen. Each box keeps the
 * page's proportions before its image arrives, so nothing below moves (CLS 0).
 */
export function PagePreviews({ name, previews, total }: PagePreviewsProps) {
  const [open, setOpen] = useState<number | null>(null)
  if (previews.length === 0) return null
  return (
    <section aria-labelledby="veja-por-dentro" className="mt-5" data-testid="page-previews">
      <h2 id="veja-por-dentro" className="text-base font-bold text-purple-900">
        Veja por dentro
      </h2>
      <ul className="-mx-1 mt-2 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-2">
        {previews.map((preview, index) => (
          <li key={preview.url} className="w-[42%] shrink-0 snap-start sm:w-[30%]">
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={`Abrir ${pageLabel(preview.page, total).toLowerCase()} em tela cheia`}
              className="block w-full overflow-hidden rounded-xl border border-purple-100 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
            >
              <SmartImage
                src={preview.url}
                alt={`${name}: ${pageLabel(preview.page, total).toLowerCase()}`}
                width={preview.width}
                height={preview.height}
                loading="lazy"
                decoding="async"
                style={{ aspectRatio: `${preview.width} / ${preview.height}` }}
                className="block h-auto w-full"
              />
            </button>
            <p className="mt-1 text-center text-xs font-semibold text-gray-600">
              {pageLabel(preview.page, total)}
            </p>
          </li>
        ))}
      </ul>
      {open !== null && (
        <PreviewViewer
          name={name}
          previews={previews}
          total={total}
          start={open}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  )
}

/** The pages full-screen: swipe or 'Anterior'/'Próxima' between them, Esc or '×' to close. */
function PreviewViewer({
  name,
  previews,
  total,
  start,
  onClose,
}: PagePreviewsProps & { start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start)
  const track = useRef<HTMLDivElement>(null)
  const current = previews[index]!

  const go = (next: number) => {
    const to = Math.max(0, Math.min(previews.length - 1, next))
    const el = track.current
    el?.scrollTo({ left: to * el.clientWidth, behavior: 'smooth' })
    setIndex(to)
  }
  // The slide a swipe settled on (scroll-snap leaves the track at a whole slide).
  const onScroll = () => {
    const el = track.current
    if (el && el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth))
  }
  // Opened on the page tapped: placed there before the first paint of the dialog's track.
  const placed = (el: HTMLDivElement | null) => {
    track.current = el
    if (el && el.dataset.placed !== 'yes') {
      el.scrollLeft = start * el.clientWidth
      el.dataset.placed = 'yes'
    }
  }
  const button =
    'rounded-full bg-white/90 px-4 py-2 text-sm font-bold text-purple-900 shadow disabled:opacity-40 focus-visible:outline-3 focus-visible:outline-white'

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
          aria-describedby={undefined}
          data-testid="preview-viewer"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') go(index + 1)
            if (event.key === 'ArrowLeft') go(index - 1)
          }}
        >
          <div className="flex items-center justify-between px-4 py-3 text-white">
            <Dialog.Title className="text-base font-bold" aria-live="polite">
              {pageLabel(current.page, total)}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Fechar"
              className="rounded-lg px-3 py-1 text-3xl leading-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              ×
            </Dialog.Close>
          </div>
          <div
            ref={placed}
            onScroll={onScroll}
            className="flex min-h-0 flex-1 snap-x snap-mandatory overflow-x-auto"
            data-testid="preview-track"
          >
            {previews.map((preview) => (
              <div
                key={preview.url}
                className="flex h-full w-full shrink-0 snap-center items-center justify-center p-2"
              >
                <img
                  src={preview.url}
                  alt={`${name}: ${pageLabel(preview.page, total).toLowerCase()}`}
                  width={preview.width}
                  height={preview.height}
                  className="max-h-full max-w-full object-contain"
                />
              </div>
            ))}
          </div>
          <div className="flex items-center justify-center gap-4 px-4 py-4">
            <button
              type="button"
              className={button}
              onClick={() => go(index - 1)}
              disabled={index === 0}
            >
              ← Anterior
            </button>
            <button
              type="button"
              className={button}
              onClick={() => go(index + 1)}
              disabled={index === previews.length - 1}
            >
              Próxima →
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
