import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { productFiles, products } from '../modules/products/products.tables.js'
import { samplePng } from './fixtures.js'
import type { TestStore } from './test-app.js'

/** A small but real PDF-looking file: the signature, then `size` random bytes. */
export function samplePdf(size = 4096): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')])
}

/** A ZIP's local file header signature followed by noise: enough for docx/xlsx/pptx/zip. */
export function sampleZip(size = 2048): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size)])
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export interface FormFile {
  field: string
  name: string
  bytes: Buffer
  type?: string
}

/** The text fields of a valid product; override or drop (undefined) one to test its rule. */
export function productFields(overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    name: 'Kit Alfabetização',
    description: 'Atividades de sílabas para imprimir',
    price: '19.90',
    category: 'alfabetizacao',
    isFree: 'false',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >
}

/** A browser-like multipart body: text fields first, then the files. */
export function formData(fields: Record<string, string>, files: FormFile[]): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }),
      file.name,
    )
  }
  return form
}

/** Cover image and main PDF: the files every create needs. */
export async function requiredFiles(): Promise<FormFile[]> {
  return [
    { field: 'imageFile', name: 'capa.png', bytes: await samplePng(400, 300), type: 'image/png' },
    { field: 'downloadFile', name: 'material.pdf', bytes: samplePdf(), type: 'application/pdf' },
  ]
}

export function sendForm(
  store: TestStore,
  url: string,
  form: FormData,
  cookie: string,
  method: 'POST' | 'PUT' = 'POST',
) {
  return store.app.inject({ method, url, headers: { cookie }, payload: form })
}

/** Every file below `dir`, as paths relative to it; [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

/** The bytes a product's stored file holds, read back from storage. */
export async function storedFile(store: TestStore, productId: number, position = 0) {
  const [row] = await store.database.db
    .select()
    .from(productFiles)
    .where(eq(productFiles.productId, productId))
    .then((rows) => rows.filter((r) => r.position === position))
  if (!row) return null
  const chunks: Buffer[] = []
  for await (const chunk of store.storage.read(row.storageKey)) chunks.push(chunk)
  return { row, bytes: Buffer.concat(chunks) }
}

export async function productNamed(store: TestStore, name: string) {
  return store.database.db.select().from(products).where(eq(products.name, name))
}
