import { DOWNLOAD_EXTENSIONS, IMAGE_EXTENSIONS } from '../../../../contracts/product-form'
import { MAX_FILE_BYTES, type ProductFormVariant } from './variants'

const STRICT_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']
const BASIC_DOWNLOADS = ['pdf', 'zip', 'doc', 'docx']

const extensionOf = (file: File) => file.name.split('.').pop()?.toLowerCase() ?? ''
const strictImage = (file: File) =>
  STRICT_IMAGE_TYPES.includes(file.type) ||
  (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file))

/** iPhones save photos as HEIC, which browsers other than Safari cannot show. */
export function isHeic(file: File): boolean {
  return /\.hei[cf]$/i.test(file.name) || /image\/hei[cf]/i.test(file.type)
}

export function imageAccept(variant: ProductFormVariant): string {
  return variant.imageTypes === 'strict'
    ? 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp'
    : 'image/*'
}

export function downloadExtensions(variant: ProductFormVariant): string[] {
  return variant.downloadTypes === 'all' ? DOWNLOAD_EXTENSIONS : BASIC_DOWNLOADS
}

export function downloadAccept(variant: ProductFormVariant): string {
  return downloadExtensions(variant)
    .map((ext) => `.${ext}`)
    .join(',')
}

export function isAcceptedImage(file: File, variant: ProductFormVariant): boolean {
  if (isHeic(file)) return false
  return variant.imageTypes === 'any'
    ? file.type.startsWith('image/') || strictImage(file)
    : strictImage(file)
}

export function isAcceptedDownload(file: File, variant: ProductFormVariant): boolean {
  return downloadExtensions(variant).includes(extensionOf(file))
}

export const tooBig = (file: File) => file.size > MAX_FILE_BYTES

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
}
