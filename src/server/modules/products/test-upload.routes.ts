import { TestUploadAnswer } from '../../../contracts/admin.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { discardRestOfBody } from './multipart-upload.js'

const MB = 1024 * 1024

/**
 * POST /api/test-upload, the diagnostics pages' probe (admin only): answers what arrived, a JSON
 * body ({ teste }) or a small multipart form, whose files are counted and dropped, never kept.
 */
export function testUploadRoutes(scope: App) {
  scope.post(
    '/api/test-upload',
    { schema: { response: { 200: TestUploadAnswer } } },
    async (req): Promise<TestUploadAnswer> => {
      const contentType = req.headers['content-type']?.split(';')[0] ?? null
      if (!req.isMultipart()) {
        return {
          success: true,
          message: 'Dados recebidos',
          contentType,
          fields: req.body ?? {},
          files: [],
        }
      }
      const fields: Record<string, string> = {}
      const files: TestUploadAnswer['files'] = []
      try {
        for await (const part of req.parts({ limits: { fileSize: 10 * MB, files: 5 } })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value)
            continue
          }
          let size = 0
          for await (const chunk of part.file) size += (chunk as Buffer).length
          if (part.file.truncated) {
            throw new AppError('payload_too_large', 'Arquivo de teste maior que 10MB')
          }
          files.push({
            field: part.fieldname,
            fileName: part.filename,
            mimeType: part.mimetype,
            size,
          })
        }
      } catch (error) {
        discardRestOfBody(req)
        throw error
      }
      return { success: true, message: 'Upload recebido', contentType, fields, files }
    },
  )
}
