import { useState } from 'react'
import { cn } from '../../lib/cn'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'

interface GalleryProps {
  name: string
  /** Cover first, then the additional images. */
  images: string[]
}

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
          <div className="mt-3 flex justify-center gap-2" role="group" aria-label="Escolher imagem">
            {images.map((_, index) => (
              <button
                key={index}
                type="button"
                aria-label={`Ver imagem ${index + 1}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  'size-2.5 rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-500',
                  index === selected ? 'w-6 bg-purple-600' : 'bg-purple-200 hover:bg-purple-300',
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
