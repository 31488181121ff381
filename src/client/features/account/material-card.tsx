import { SmartImage } from '../../ui/smart-image'
import { Button } from '../../ui/button'

export interface MaterialItem {
  id: number | string
  productId: number
  name: string
  description?: string
  imageUrl?: string
  downloadCount: number
  maxDownloads: number
}

/** One bought material: what it is, how many downloads are left, and the button to take one. */
export function MaterialCard({
  item,
  busy,
  onDownload,
}: {
  item: MaterialItem
  busy: boolean
  onDownload: () => void
}) {
  const remaining = Math.max(0, item.maxDownloads - item.downloadCount)
  return (
    <li
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-purple-100"
      data-testid="material"
    >
      {item.imageUrl && (
        <SmartImage
          src={`${item.imageUrl}&size=thumb`}
          alt=""
          className="size-20 shrink-0 rounded-xl object-cover"
          loading="lazy"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 font-bold text-gray-900">{item.name}</h3>
        {item.description && (
          <p className="mt-0.5 line-clamp-2 text-sm text-gray-600">{item.description}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="text-sm text-gray-700" data-testid="remaining">
            {remaining} de {item.maxDownloads} downloads restantes
          </span>
          <Button
            size="sm"
            variant={remaining > 0 ? 'success' : 'secondary'}
            disabled={remaining === 0 || busy}
            onClick={onDownload}
          >
            {remaining === 0 ? 'Esgotado' : busy ? 'Baixando...' : 'Baixar'}
          </Button>
        </div>
      </div>
    </li>
  )
}
