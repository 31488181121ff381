import { centsToDecimal, decimalToCents } from '../../../../contracts/money'
import { findCategory } from '../../../../contracts/categories'
import { PREVIEW_PAGES_DEFAULT } from '../../../../contracts/previews'
import type { AdminProduct } from '../../../../contracts/products'
import type { AnoId, ComponenteId } from '../../../../contracts/school'

export interface ProductFormValues {
  name: string
  description: string
  /** As typed ("19.90" or "19,90"); "0.00" while the product is free. */
  price: string
  /** The 'de' price as typed; '' for none. */
  compareAtPrice: string
  /** A canonical slug, or '' until one is chosen. */
  category: string
  isFree: boolean
  isActive: boolean
  externalLink: string
  canvaTemplateId: string
  /** 'Proteger PDF com os dados do comprador' (ignored while the product is free). */
  stampPdf: boolean
  /** A kit's products ([] for a plain product). */
  bundleProductIds: number[]
  /** Up to 3 order bumps: another product and its price when bought with this one. */
  orderBumps: { productId: number; offerPrice: string }[]
  image: File | null
  downloadFile: File | null
  additionalImages: File[]
  downloadFiles: File[]
  /** BNCC codes as typed, separated by commas or spaces ('EF03MA09, EF03MA10'). */
  bncc: string
  anos: AnoId[]
  componentes: ComponenteId[]
  /** A kind's or theme's id, '' for none. */
  tipo: string
  tema: string
  /** Pages as typed; '' for not said. */
  paginas: string
  /** The count the server read from the stored PDF, shown beside the field; never sent. */
  pagesRead: number | null
  /** 'Páginas da prévia' as typed ('1, 2, 3'): up to 6 page numbers. */
  previewPages: string
  /** Editing with new files: 'Avisar compradores' of the new version, with the owner's note. */
  notifyBuyers: boolean
  updateNote: string
}

export const EMPTY_VALUES: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  compareAtPrice: '',
  category: '',
  isFree: false,
  isActive: true,
  externalLink: '',
  canvaTemplateId: '',
  // On by default for a new paid product.
  stampPdf: true,
  bundleProductIds: [],
  orderBumps: [],
  bncc: '',
  anos: [],
  componentes: [],
  tipo: '',
  tema: '',
  paginas: '',
  pagesRead: null,
  previewPages: PREVIEW_PAGES_DEFAULT.join(', '),
  image: null,
  downloadFile: null,
  additionalImages: [],
  downloadFiles: [],
  notifyBuyers: false,
  updateNote: '',
}

/** The edit form starts from the stored product; files stay as they are unless replaced. */
export function valuesFromProduct(product: AdminProduct): ProductFormValues {
  return {
    ...EMPTY_VALUES,
    name: product.name,
    description: product.description ?? '',
    price: product.isFree ? '0.00' : product.price,
    compareAtPrice: product.compareAtPrice ?? '',
    category: findCategory(product.category)?.slug ?? product.category,
    isFree: product.isFree,
    isActive: product.isActive,
    externalLink: product.externalLink ?? '',
    canvaTemplateId: product.canvaTemplateId ?? '',
    stampPdf: product.stampPdf,
    bundleProductIds: product.bundleProductIds,
    orderBumps: product.orderBumps.map((b) => ({
      productId: b.productId,
      offerPrice: b.offerPrice.replace('.', ','),
    })),
    bncc: product.bncc.join(', '),
    anos: product.anos,
    componentes: product.componentes,
    tipo: product.tipo ?? '',
    tema: product.tema ?? '',
    paginas: product.paginas === null ? '' : String(product.paginas),
    pagesRead: product.paginasFromPdf ? product.paginas : null,
    previewPages: product.previewPages.join(', '),
  }
}

/** The codes typed, one per word ('ef03ma09 EF03MA10,' -> two codes), for the server to check. */
export const typedCodes = (typed: string): string[] =>
  typed
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)

/**
 * Who the material is for, as sent. Creating, what the owner left blank is not sent, so the
 * server gives it what its category means; editing, everything is sent (blank clears it).
 */
export function tagFields(values: ProductFormValues, editing: boolean) {
  const all = {
    bncc: typedCodes(values.bncc),
    anos: values.anos,
    componentes: values.componentes,
    tipo: values.tipo,
    tema: values.tema,
    paginas: values.paginas.trim(),
  }
  if (editing) return all
  return Object.fromEntries(
    Object.entries(all).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
  ) as Partial<typeof all>
}

/** "R$ 1.250,00" -> "1250.00"; what cannot be read goes as typed, for the server to refuse. */
function amountAsSent(typed: string): string {
  if (typed.trim() === '') return ''
  const cents = decimalToCents(typed)
  return cents === null ? typed.trim() : centsToDecimal(cents)
}

export function normalisedPrice(values: ProductFormValues): string {
  return values.isFree ? '0.00' : amountAsSent(values.price)
}

/** Every field except the files, as the JSON routes and the multipart text parts take them. */
export function textFields(values: ProductFormValues, editing = false) {
  const previewPages = values.previewPages.trim()
  return {
    ...tagFields(values, editing),
    // Left blank on a new product: the server's default pages (1, 2, 3).
    ...(previewPages || editing ? { previewPages } : {}),
    name: values.name.trim(),
    description: values.description.trim(),
    price: normalisedPrice(values),
    compareAtPrice: values.isFree ? '' : amountAsSent(values.compareAtPrice),
    category: values.category,
    isFree: values.isFree,
    isActive: values.isActive,
    externalLink: values.externalLink.trim(),
    canvaTemplateId: values.canvaTemplateId.trim(),
    stampPdf: values.stampPdf && !values.isFree,
    bundleProductIds: values.bundleProductIds,
    orderBumps: values.orderBumps.map((b) => {
      const cents = decimalToCents(b.offerPrice)
      return {
        productId: b.productId,
        offerPrice: cents === null ? b.offerPrice.trim() : centsToDecimal(cents),
      }
    }),
  }
}

export type SetValue = <K extends keyof ProductFormValues>(
  key: K,
  value: ProductFormValues[K],
) => void

/**
 * What the pages field says under it: where the number came from, or that a blank one is read
 * from the PDF at upload. null when there is nothing true to say.
 */
export function pagesHint(values: ProductFormValues): string | null {
  const typed = values.paginas.trim()
  const read = values.pagesRead
  const newPdf = values.downloadFile !== null && /\.pdf$/i.test(values.downloadFile.name)
  const plural = (n: number) => `${n} ${n === 1 ? 'página' : 'páginas'}`
  if (read !== null && typed === String(read)) {
    return newPdf
      ? `Lido do PDF atual: ${plural(read)}. O novo PDF será lido ao salvar.`
      : `Lido do PDF: ${plural(read)}. Corrija se precisar.`
  }
  if (typed === '' && newPdf) return 'Em branco, o número é lido do PDF ao salvar.'
  return null
}
