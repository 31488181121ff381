import { Readable } from 'node:stream'
import { z } from 'zod'
import { UPLOAD_LIMITS } from '../../../contracts/product-form.js'
import type { StagedUpload } from './staged-upload.js'

const base64 = z.string().max(UPLOAD_LIMITS.base64BodyBytes)

const AdditionalFile = z.object({
  filename: z.string().max(500).default('arquivo'),
  mimetype: z.string().max(200).default(''),
  data: base64,
  size: z.number().optional(),
})

/**
 * The files of POST /api/products/base64 and /base64-multiple; the text fields beside them are
 * read with the same schema as the multipart form.
 */
export const Base64Files = z.looseObject({
  imageBase64: base64.optional(),
  imageFileName: z.string().max(500).optional(),
  downloadFileBase64: base64.optional(),
  downloadFileName: z.string().max(500).optional(),
  downloadFileType: z.string().max(200).optional(),
  additionalFiles: z
    .array(AdditionalFile)
    .max(UPLOAD_LIMITS.additionalImagesOnCreate + UPLOAD_LIMITS.downloadFiles, {
      error: 'Arquivos adicionais demais',
    })
    .optional(),
})
export type Base64Files = z.infer<typeof Base64Files>

/** Data URLs (`data:application/pdf;base64,…`) and bare base64 alike. */
function decode(data: string): Readable {
  return Readable.from([Buffer.from(data.replace(/^data:[^,]*,/, ''), 'base64')])
}

/**
 * Stages base64 files through the very path an upload takes (size, content type, temporary
 * file). An additional file declared as an image becomes an additional image; any other
 * becomes an additional download file.
 */
export async function stageBase64(body: Base64Files, staged: StagedUpload): Promise<void> {
  if (body.imageBase64) {
    await staged.add('cover', decode(body.imageBase64), body.imageFileName ?? 'imagem')
  }
  if (body.downloadFileBase64) {
    await staged.add('main', decode(body.downloadFileBase64), body.downloadFileName ?? 'arquivo')
  }
  for (const file of body.additionalFiles ?? []) {
    const group = file.mimetype.startsWith('image/') ? 'images' : 'files'
    await staged.add(group, decode(file.data), file.filename)
  }
}
