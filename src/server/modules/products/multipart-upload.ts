import type { FastifyRequest } from 'fastify'
import '@fastify/multipart'
import { AppError } from '../../errors.js'
import { hasNul, invalidBytes } from '../../http/invalid-bytes.js'
import type { FileGroup, StagedUpload } from './staged-upload.js'

/** File field names of SPEC.md section 7, and the names older forms used for the same thing. */
const FILE_FIELDS: Record<string, FileGroup> = {
  imageFile: 'cover',
  image: 'cover',
  additionalImages: 'images',
  downloadFile: 'main',
  file: 'main',
  downloadFiles: 'files',
  additionalFiles: 'files',
  files: 'files',
}

/** `downloadFiles[]` and `downloadFiles[3]` are `downloadFiles`. */
const baseName = (field: string) => field.replace(/\[\d*\]$/, '')

/**
 * Reads a product form part by part: each file streams into the upload's temporary folder as
 * it arrives (never into memory), text fields are collected. Answers the text fields.
 */
export async function readProductMultipart(
  req: FastifyRequest,
  staged: StagedUpload,
): Promise<Record<string, string>> {
  if (!req.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Envie o formulário como multipart/form-data')
  }
  const fields: Record<string, string> = {}
  for await (const part of req.parts()) {
    const name = baseName(part.fieldname)
    if (part.type === 'field') {
      const value = String(part.value)
      if (hasNul(name) || hasNul(value)) throw invalidBytes()
      fields[name] = value
      continue
    }
    // The file's name is kept in the database, which refuses a NUL like any text.
    if (hasNul(part.filename)) throw invalidBytes()
    // A file input left empty still sends a part, with no name and no bytes.
    if (!part.filename) {
      part.file.resume()
      continue
    }
    const group = FILE_FIELDS[name]
    if (!group) throw new AppError('bad_request', `Campo de arquivo desconhecido: ${name}`)
    await staged.add(group, part.file, part.filename)
  }
  return fields
}

export { discardRestOfBody } from '../../http/discard-body.js'
