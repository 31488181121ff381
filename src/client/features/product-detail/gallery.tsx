import { useState } from 'react'
import { cn } from '../../lib/cn'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'

interface GalleryProps {
  name: string
  /** Cover first, then the additional images. */
  images: string[]
}

/** The cover's width on screen: the page's column, half of it from md up (see page-body.ts). */
export const COVER_SIZES = '(min-width: 768px) 560px, calc(100vw - 32px)'

export function Gallery({ name, images }: GalleryProps) {
  const [selected, setSelected] = useState(0)
  const current = images[selected] ?? images[0]
  const many = images.length > 1
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-3xl border border-purple-100 bg-purple-50 shadow-sm">
        {current && (
          <SmartImage
            src={imageVariant(current, 'full')}
            // A phone takes the 600 px picture, a wide screen the 1200 px one (as the server's HTML).
            srcSet={`${imageVariant(current, 'card')} 600w, ${imageVariant(current, 'full')} 1200w`}
            sizes={COVER_SIZES}
            alt={many ? `${name} — imagem ${selected + 1} de ${images.length}` : name}
            fetchPriority="high"
            width={1200}
            height={1200}
            className="size-full object-contain"
          />
        )}
      </div>
      {many && (
        <>
          {/* Where the buyer is in the gallery; the thumbnails below are what is tapped. */}
          <div className="mt-3 flex justify-center gap-2" aria-hidden="true">
            {images.map((_, index) => (
              <span
                key={index}
                className={cn(
                  'size-2.5 rounded-full transition',
                  index === selected ? 'w-6 bg-purple-600' : 'bg-purple-200',
                )}
              />
            ))}
          </div>
          <ul className="mt-3 grid grid-cols-4 gap-2">
            {images.map((url, index) => (
              <li key={url}>
                <button
                  type="button"
                  onClick={() => setSelected(index)}
                  aria-label={`Miniatura ${index + 1}`}
                  aria-current={index === selected}
                  className={cn(
                    'block aspect-square w-full overflow-hidden rounded-xl border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-500',
                    index === selected
                      ? 'border-purple-500'
                      : 'border-transparent opacity-80 hover:opacity-100',
                  )}
                >
                  <SmartImage
                    src={imageVariant(url, 'thumb')}
                    alt=""
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
