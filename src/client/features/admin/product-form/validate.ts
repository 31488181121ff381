import { decimalToCents } from '../../../../contracts/money'
import {
  PRODUCT_MESSAGES,
  ProductCreateFields,
  ProductEditFields,
} from '../../../../contracts/product-form'
import {
  downloadExtensions,
  isAcceptedDownload,
  isAcceptedImage,
  isHeic,
  tooBig,
} from './file-rules'
import { textFields, type ProductFormValues } from './form-values'
import { MAX_FILE_MB, type Message, type ProductFormVariant } from './variants'

export const HEIC_MESSAGE: Message = {
  title: 'Formato HEIC não suportado',
  description: `${PRODUCT_MESSAGES.heic} No iPhone: Ajustes > Câmera > Formatos > Mais Compatível.`,
}

const REQUIRED_NAME_PRICE: Message = {
  title: 'Campos obrigatórios',
  description: 'Nome e preço são obrigatórios.',
}

const blank = (text: string) => !text.trim()

function requiredFields(v: ProductFormValues, variant: ProductFormVariant): Message | null {
  const noPrice = !v.isFree && blank(v.price)
  if (!variant.requireDescription) return blank(v.name) || noPrice ? REQUIRED_NAME_PRICE : null
  if (!blank(v.name) && !blank(v.description) && !noPrice) return null
  return {
    title: 'Campos obrigatórios',
    description:
      variant.transport === 'base64'
        ? 'Preencha nome, descrição, preço e categoria'
        : 'Preencha nome, descrição e preço.',
  }
}

function imageProblem(file: File, variant: ProductFormVariant): Message | null {
  if (isHeic(file)) return HEIC_MESSAGE
  if (!isAcceptedImage(file, variant))
    return { title: 'Formato de imagem não suportado', description: PRODUCT_MESSAGES.imageType }
  return null
}

function filesProblem(v: ProductFormValues, variant: ProductFormVariant): Message | null {
  const types = downloadExtensions(variant).join(', ').toUpperCase()
  for (const file of [v.downloadFile, ...v.downloadFiles]) {
    if (file && !isAcceptedDownload(file, variant))
      return { title: 'Tipo de arquivo não suportado', description: `${file.name}: use ${types}.` }
  }
  if (v.additionalImages.length > variant.maxExtraImages)
    return {
      title: 'Muitas imagens',
      description: `Máximo de ${variant.maxExtraImages} imagens adicionais permitidas`,
    }
  for (const file of v.additionalImages) {
    const problem = imageProblem(file, variant)
    if (problem) return problem
  }
  if (v.downloadFiles.length > variant.maxExtraFiles)
    return {
      title: 'Muitos arquivos',
      description: `Máximo de ${variant.maxExtraFiles} arquivos adicionais permitidos`,
    }
  const all = [v.image, v.downloadFile, ...v.additionalImages, ...v.downloadFiles]
  if (all.some((file) => file && tooBig(file)))
    return {
      title: 'Arquivos muito grandes',
      description: `Cada arquivo deve ter no máximo ${MAX_FILE_MB}MB`,
    }
  return null
}

/** The first problem of the form, with its title and text (SPEC.md section 5), or null. */
export function validateProduct(
  v: ProductFormValues,
  variant: ProductFormVariant,
  creating: boolean,
): Message | null {
  const required = requiredFields(v, variant)
  if (required) return required
  if (!v.isFree && decimalToCents(v.price) === null)
    return { title: 'Preço inválido', description: PRODUCT_MESSAGES.price }
  if (!v.category) return variant.categoryError
  // The server's own rules last (lengths, link format): what it would refuse is never sent.
  const schema = creating ? ProductCreateFields : ProductEditFields
  const parsed = schema.safeParse(textFields(v, !creating))
  if (!parsed.success)
    return { title: 'Erro no formulário', description: parsed.error.issues[0]?.message ?? '' }
  if (creating && !v.image)
    return variant.id === 'newer'
      ? {
          title: 'Imagem obrigatória',
          description: 'Por favor, selecione uma imagem para o produto.',
        }
      : variant.filesError
  if (v.image) {
    const problem = imageProblem(v.image, variant)
    if (problem) return problem
    if (v.image.size > variant.maxImageBytes)
      return {
        title: 'Arquivo muito grande',
        description: `A imagem deve ter no máximo ${variant.maxImageBytes / 1024 / 1024}MB`,
      }
  }
  // A Canva template needs no file: the link is what the buyer receives; a kit delivers its
  // products' files.
  if (creating && !v.downloadFile && !v.externalLink.trim() && !v.bundleProductIds.length)
    return variant.filesError
  return filesProblem(v, variant)
}
