import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../lib/api'
import { UploadTimeoutError } from '../../../lib/xhr-upload'
import { errorToast } from './error-toast'
import { EMPTY_VALUES, type ProductFormValues } from './form-values'
import { validateProduct } from './validate'
import { VARIANTS } from './variants'

const png = new File([new Uint8Array(64)], 'capa.png', { type: 'image/png' })
const pdf = new File([new Uint8Array(64)], 'atividade.pdf', { type: 'application/pdf' })
const filled: ProductFormValues = {
  ...EMPTY_VALUES,
  name: 'Bingo',
  description: 'Sílabas',
  price: '19,90',
  category: 'alfabetizacao',
  image: png,
  downloadFile: pdf,
}
const message = (values: Partial<ProductFormValues>, variant = VARIANTS.admin, creating = true) =>
  validateProduct({ ...filled, ...values }, variant, creating)

describe('product form validation per screen (SPEC.md section 5)', () => {
  it('accepts a complete form on every creation screen', () => {
    for (const variant of Object.values(VARIANTS)) expect(message({}, variant)).toBeNull()
  })

  it('words the missing category as each form does', () => {
    expect(message({ category: '' })).toEqual({
      title: 'Erro no formulário',
      description: 'Por favor selecione uma categoria',
    })
    expect(message({ category: '' }, VARIANTS.newer)).toEqual({
      title: 'Erro',
      description: 'Selecione uma categoria',
    })
  })

  it('asks name and price on the newer and edit forms, the price not when free', () => {
    const expected = { title: 'Campos obrigatórios', description: 'Nome e preço são obrigatórios.' }
    expect(message({ name: '  ' }, VARIANTS.edit, false)).toEqual(expected)
    expect(message({ price: '' }, VARIANTS.newer)).toEqual(expected)
    expect(message({ price: '', isFree: true }, VARIANTS.newer)).toBeNull()
  })

  it('names the missing files as each flow does', () => {
    expect(message({ image: null }, VARIANTS.newer)?.title).toBe('Imagem obrigatória')
    expect(message({ downloadFile: null }, VARIANTS.base64)).toEqual({
      title: 'Arquivos obrigatórios',
      description: 'Selecione imagem e arquivo para download',
    })
    // A Canva template is delivered by its link: no file needed.
    expect(message({ downloadFile: null, externalLink: 'https://canva.com/x' })).toBeNull()
  })

  it('refuses HEIC, wrong download types, too many files and big images', () => {
    const heic = new File([new Uint8Array(8)], 'IMG_0001.HEIC', { type: 'image/heic' })
    expect(message({ image: heic })?.title).toBe('Formato HEIC não suportado')
    const exe = new File([new Uint8Array(8)], 'setup.exe')
    expect(message({ downloadFile: exe })?.title).toBe('Tipo de arquivo não suportado')
    const xlsx = new File([new Uint8Array(8)], 'notas.xlsx')
    expect(message({ downloadFile: xlsx })).toBeNull()
    expect(message({ downloadFile: xlsx }, VARIANTS.base64)?.title).toBe(
      'Tipo de arquivo não suportado',
    )
    expect(message({ downloadFiles: Array(21).fill(pdf) })?.description).toBe(
      'Máximo de 20 arquivos adicionais permitidos',
    )
    expect(message({ additionalImages: Array(6).fill(png) }, VARIANTS.edit, false)?.title).toBe(
      'Muitas imagens',
    )
    const big = { size: 51 * 1024 * 1024, name: 'foto.jpg', type: 'image/jpeg' } as File
    expect(message({ image: big }, VARIANTS.newer)?.description).toBe(
      'A imagem deve ter no máximo 50MB',
    )
  })
})

describe('product creation error toasts (SPEC.md section 8)', () => {
  const admin = (error: unknown) => errorToast(error, 'admin').description

  it('maps the admin form errors to their texts', () => {
    expect(admin(new HttpError(415, 'Formato de imagem não suportado'))).toMatch(/^Erro no upload/)
    expect(admin(new HttpError(415, 'Tipo de arquivo para download não suportado'))).toMatch(
      /^Erro no arquivo para download/,
    )
    expect(admin(new HttpError(401, 'Faça login'))).toMatch(/^Sessão expirada/)
    expect(admin(new HttpError(500, ''))).toMatch(/^Erro interno do servidor/)
    expect(admin(new UploadTimeoutError('Upload expirou após 3 minutos'))).toMatch(
      /^Upload expirou/,
    )
  })

  it('gives other forms the server message or the generic one', () => {
    expect(errorToast(new HttpError(400, 'Nome longo'), 'generic').description).toBe('Nome longo')
    expect(errorToast(new HttpError(500, ''), 'generic')).toEqual({
      title: 'Erro desconhecido',
      description: 'Não foi possível criar o produto.',
    })
    expect(errorToast(new HttpError(413, 'grande'), 'base64').title).toBe('Erro Base64')
  })
})
