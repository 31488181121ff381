import type { DownloadFileLink } from '../../../contracts/downloads'
import { clubeTitle } from '../../../contracts/clube-title'
import { whatsappLink } from '../../lib/format'
import { Link } from 'wouter'
import { SmartImage } from '../../ui/smart-image'
import { Button } from '../../ui/button'
import { usePublicSetting } from '../settings/settings.api'

export interface MaterialItem {
  id: number | string
  productId: number
  name: string
  description?: string
  imageUrl?: string
  downloadCount: number
  maxDownloads: number
  /** How many files the material has; none means it is delivered by its link only. */
  fileCount: number
  externalLink?: string | null
  /** A clube's material: its plan, and when the paid period (and its downloads) ends. */
  clube?: { planName: string; until: string | null; cancelled: boolean }
}

const dayMonth = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  timeZone: 'America/Sao_Paulo',
})

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${sizeFormat.format(bytes / 1024)} KB`
    : `${sizeFormat.format(bytes / (1024 * 1024))} MB`

/** Every file of a multi-file material, from the links the last download handed out. */
function FileLinks({ links }: { links: DownloadFileLink[] }) {
  return (
    <div className="mt-3 rounded-xl bg-purple-50 p-3" data-testid="material-files">
      <p className="text-sm font-semibold text-purple-900">Todos os arquivos deste material:</p>
      <ul className="mt-1 space-y-1">
        {links.map((file) => (
          <li key={file.index}>
            <a
              href={file.downloadUrl}
              download={file.fileName}
              className="text-sm font-semibold break-all text-purple-700 underline hover:text-purple-900"
            >
              ⬇️ {file.fileName}
            </a>{' '}
            <span className="text-xs text-gray-500">({formatBytes(file.size)})</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-gray-500">Links temporários: não contam novos downloads.</p>
    </div>
  )
}

/** Used up: the store's support WhatsApp, with the material named, for a buyer who still needs it. */
function SupportLink({ name }: { name: string }) {
  const whatsapp = usePublicSetting('whatsapp_number')
  if (!whatsapp) return null
  const text = `Olá! Meus downloads de "${name}" acabaram e preciso de ajuda.`
  return (
    <a
      href={whatsappLink(whatsapp, text)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="material-support"
      className="mt-2 block text-right text-sm font-semibold text-emerald-700 underline hover:text-emerald-900"
    >
      Precisa de mais? Fale conosco no WhatsApp
    </a>
  )
}

/** One bought material: what it is, how many downloads are left, and the button to take one. */
export function MaterialCard({
  item,
  busy,
  onDownload,
  links,
}: {
  item: MaterialItem
  busy: boolean
  onDownload: () => void
  links?: DownloadFileLink[]
}) {
  const remaining = Math.max(0, item.maxDownloads - item.downloadCount)
  const linkOnly = item.fileCount === 0 && !!item.externalLink
  return (
    <li
      className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-purple-100"
      data-testid="material"
    >
      <div className="flex gap-3">
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
          {item.clube && (
            <p className="text-xs font-semibold text-purple-700" data-testid="material-clube">
              {clubeTitle(item.clube.planName)}
              {item.clube.until
                ? item.clube.cancelled
                  ? ` · disponível até ${dayMonth.format(new Date(item.clube.until))}`
                  : ` · período até ${dayMonth.format(new Date(item.clube.until))}`
                : ''}
            </p>
          )}
          {item.description && (
            <p className="mt-0.5 line-clamp-2 text-sm text-gray-600">{item.description}</p>
          )}
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
            {linkOnly ? (
              <span className="text-sm text-gray-700">Entregue por link (Canva)</span>
            ) : (
              <span className="text-sm text-gray-700" data-testid="remaining">
                {remaining} de {item.maxDownloads} downloads restantes
                {item.clube ? ' neste período' : ''}
              </span>
            )}
            {linkOnly && item.externalLink?.startsWith('/canva/') ? (
              // The store's address checks the access and counts the opening itself.
              <a
                href={item.externalLink}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-xl bg-gradient-to-r from-pink-500 to-purple-600 px-3 py-2 text-sm font-semibold text-white shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
              >
                Abrir no Canva <span className="sr-only">(abre em nova aba)</span>
              </a>
            ) : linkOnly ? (
              <Button size="sm" disabled={busy} onClick={onDownload}>
                Abrir material
              </Button>
            ) : (
              <Button
                size="sm"
                variant={remaining > 0 ? 'success' : 'secondary'}
                disabled={remaining === 0 || busy}
                onClick={onDownload}
                data-testid="material-download"
              >
                {remaining === 0 ? 'Esgotado' : busy ? 'Baixando...' : '⬇️ Baixar'}
              </Button>
            )}
          </div>
        </div>
      </div>
      {!linkOnly && remaining === 0 && <SupportLink name={item.name} />}
      {/* Her login or today's guest access proves the purchase on the rating page. */}
      <Link
        href={`/avaliar?produto=${item.productId}`}
        className="mt-2 block text-right text-sm font-semibold text-purple-700 underline hover:text-purple-900"
        data-testid="material-rate"
      >
        ★ Avaliar este material
      </Link>
      {links && links.length > 1 && <FileLinks links={links} />}
    </li>
  )
}
