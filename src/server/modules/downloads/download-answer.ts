import {
  DOWNLOAD_DATA_MAX_BYTES,
  type DownloadAnswer,
  type DownloadFileLink,
} from '../../../contracts/downloads.js'
import type { FileStorage } from '../../files/storage.js'
import type { DeliveryFile, DeliveryProduct } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { LinkClaims, LinkSigner } from './signed-link.js'

const remainingText = (n: number) =>
  n === 1 ? 'Resta 1 download desta compra.' : `Restam ${n} downloads desta compra.`

export interface AnswerInput {
  product: DeliveryProduct
  files: DeliveryFile[]
  purchase: LinkClaims['purchase']
  remaining: number | null
  /** The links' expiry (unix seconds) a purchase stored, so a repeated request gets the same links. */
  exp?: number | null
  /** Whether to inline the main file as base64 for SPEC.md's older clients. */
  withData: boolean
}

/** Turns a granted download into its answer: a signed link per file, valid for the setting. */
export function createAnswerBuilder(deps: {
  storage: FileStorage
  settings: SettingsService
  signer: LinkSigner
  now: () => number
}) {
  async function dataUrl(file: DeliveryFile): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of deps.storage.read(file.storageKey)) chunks.push(chunk as Buffer)
    return `data:${file.mimeType};base64,${Buffer.concat(chunks).toString('base64')}`
  }

  return async function build(input: AnswerInput): Promise<DownloadAnswer> {
    const { product, files, purchase, remaining } = input
    const purchaseId = purchase === 'free' ? null : purchase
    const nowSec = Math.floor(deps.now() / 1000)
    const exp = input.exp ?? nowSec + (await deps.settings.get('download_link_expiry')) * 60
    const minutes = Math.max(1, Math.ceil((exp - nowSec) / 60))
    const links: DownloadFileLink[] = files.map((file, index) => ({
      index,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.sizeBytes,
      downloadUrl: `/api/downloads/${deps.signer.sign({ purchase, productId: product.id, fileIndex: index, exp })}`,
    }))
    const main = files[0]
    const left = remaining === null ? '' : ` ${remainingText(remaining)}`
    if (!main) {
      // Delivered as a link only (Canva): the link is the material; see docs/decisions/006.
      const link = product.externalLink ?? ''
      return {
        success: true,
        fileName: product.name,
        mimeType: 'text/uri-list',
        downloadUrl: link,
        files: [],
        purchaseId,
        remainingDownloads: remaining,
        externalLink: link,
        message: 'Este material é entregue por link: abra-o para acessar.',
      }
    }
    return {
      success: true,
      fileName: main.fileName,
      mimeType: main.mimeType,
      downloadUrl: links[0]!.downloadUrl,
      files: links,
      purchaseId,
      remainingDownloads: remaining,
      externalLink: product.externalLink,
      message: `Download liberado! O link vale ${minutes} minutos.${left}`,
      ...(input.withData && main.sizeBytes < DOWNLOAD_DATA_MAX_BYTES
        ? { downloadData: await dataUrl(main) }
        : {}),
    }
  }
}
