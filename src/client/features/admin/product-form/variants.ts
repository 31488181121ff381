import { UPLOAD_LIMITS } from '../../../../contracts/product-form'

/**
 * The registration screens of SPEC.md section 2 are one form; what differs between them is
 * written here and nowhere else (sections 4, 5 and 8).
 */

export type VariantId =
  'admin' | 'direct' | 'base64' | 'newer' | 'traditional' | 'reload' | 'multiple' | 'edit'

export interface Message {
  title: string
  description: string
}

export type AfterSuccess =
  | { kind: 'stay' }
  | { kind: 'navigate'; to: (id: number) => string; delayMs: number }
  | { kind: 'reload'; delayMs: number }

export interface ProductFormVariant {
  id: VariantId
  title: string
  intro: string
  /** multipart streams the files; base64 sends them inside JSON (small files only). */
  transport: 'multipart' | 'base64'
  /** A second button sending the same form as JSON to /api/products/base64-multiple. */
  quickBase64?: boolean
  categoryError: Message
  /** Shown when the image or the main file is missing. */
  filesError: Message
  /** strict: JPG, PNG, GIF, WebP; any: any image (HEIC is still refused). */
  imageTypes: 'strict' | 'any'
  /** all: PDF, ZIP, Office; basic: PDF, ZIP, DOC, DOCX. */
  downloadTypes: 'all' | 'basic'
  categories: 'all' | 'short'
  uppercaseCategories?: boolean
  imagePreview: boolean
  maxImageBytes: number
  maxExtraImages: number
  maxExtraFiles: number
  /** The newer form asks only name and price (price not even when free). */
  requireDescription: boolean
  /** admin: the detailed error mapping of SPEC.md section 8; generic: server message. */
  errorStyle: 'admin' | 'generic'
  after: AfterSuccess
  submitLabel: string
}

export const MAX_FILE_BYTES = UPLOAD_LIMITS.fileBytes
/** The screens state the limit in megabytes, as SPEC.md words it ("até 500MB"). */
export const MAX_FILE_MB = MAX_FILE_BYTES / 1024 / 1024

const ADMIN_CATEGORY: Message = {
  title: 'Erro no formulário',
  description: 'Por favor selecione uma categoria',
}
const SHORT_CATEGORY: Message = { title: 'Erro', description: 'Selecione uma categoria' }
const FILES: Message = {
  title: 'Arquivos obrigatórios',
  description: 'Selecione imagem e arquivo para download',
}

const BASE: Omit<ProductFormVariant, 'id' | 'title' | 'intro'> = {
  transport: 'multipart',
  categoryError: ADMIN_CATEGORY,
  filesError: FILES,
  imageTypes: 'strict',
  downloadTypes: 'all',
  categories: 'all',
  imagePreview: true,
  // The server keeps every image under 50MB; /cadastrar-produto is where SPEC.md says so.
  maxImageBytes: UPLOAD_LIMITS.imageBytes,
  maxExtraImages: UPLOAD_LIMITS.additionalImagesOnCreate,
  maxExtraFiles: UPLOAD_LIMITS.downloadFiles,
  requireDescription: true,
  errorStyle: 'admin',
  after: { kind: 'stay' },
  submitLabel: 'Cadastrar produto',
}

const toAdmin = { kind: 'navigate', to: () => '/admin', delayMs: 2000 } as const

export const VARIANTS: Record<VariantId, ProductFormVariant> = {
  admin: {
    ...BASE,
    id: 'admin',
    title: 'Novo produto',
    intro: `Capa, imagens extras, arquivo principal e arquivos extras (até ${MAX_FILE_MB}MB cada).`,
  },
  direct: { ...BASE, id: 'direct', title: 'Criar produto (direto)', intro: '', after: toAdmin },
  base64: {
    ...BASE,
    id: 'base64',
    title: 'Novo produto',
    intro: 'Envio simples: os arquivos vão junto com os dados (ideal para arquivos pequenos).',
    transport: 'base64',
    categoryError: SHORT_CATEGORY,
    downloadTypes: 'basic',
    categories: 'short',
    imagePreview: false,
    maxExtraImages: 0,
    maxExtraFiles: 0,
    errorStyle: 'generic',
    after: { kind: 'navigate', to: () => '/admin', delayMs: 0 },
  },
  newer: {
    ...BASE,
    id: 'newer',
    title: 'Cadastrar produto',
    intro: 'Veja a capa antes de enviar. Produtos gratuitos ficam com preço 0,00.',
    categoryError: SHORT_CATEGORY,
    filesError: { title: 'Erro', description: 'Imagem e arquivo de download são obrigatórios' },
    imageTypes: 'any',
    uppercaseCategories: true,
    requireDescription: false,
    errorStyle: 'generic',
    after: { kind: 'navigate', to: (id) => `/produto/${id}`, delayMs: 2000 },
  },
  traditional: {
    ...BASE,
    id: 'traditional',
    title: 'Cadastro de produto',
    intro: 'Envio tradicional, ou o botão rápido (Base64) para arquivos pequenos.',
    quickBase64: true,
    categoryError: SHORT_CATEGORY,
    imagePreview: false,
    errorStyle: 'generic',
  },
  reload: {
    ...BASE,
    id: 'reload',
    title: 'Criar produto',
    intro: 'A página recarrega depois do cadastro, pronta para o próximo.',
    categoryError: SHORT_CATEGORY,
    downloadTypes: 'basic',
    imageTypes: 'any',
    imagePreview: false,
    errorStyle: 'generic',
    after: { kind: 'reload', delayMs: 2000 },
  },
  multiple: {
    ...BASE,
    id: 'multiple',
    title: 'Upload múltiplo',
    intro: `Até ${UPLOAD_LIMITS.additionalImagesOnCreate} imagens extras e ${UPLOAD_LIMITS.downloadFiles} arquivos extras num só produto, com progresso do envio.`,
  },
  edit: {
    ...BASE,
    id: 'edit',
    title: 'Editar produto',
    intro: '',
    uppercaseCategories: true,
    maxExtraImages: UPLOAD_LIMITS.additionalImagesOnEdit,
    requireDescription: false,
    submitLabel: 'Salvar alterações',
  },
}
