import { HttpError } from '../../../lib/api'
import { UploadTimeoutError } from '../../../lib/xhr-upload'
import { Base64ConversionError } from './base64'
import type { Message } from './variants'

const ADMIN_MESSAGES = {
  image: 'Erro no upload da imagem. Verifique o formato do arquivo (JPG, PNG, WebP).',
  download: 'Erro no arquivo para download. Use PDF, ZIP, DOC, DOCX, XLS, XLSX, PPT ou PPTX.',
  session: 'Sessão expirada. Faça login novamente para continuar.',
  empty: 'Erro interno do servidor. Verifique se todos os campos estão preenchidos corretamente.',
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message.trim() : '')

/**
 * The admin form's mapping of SPEC.md section 8. Server messages are Portuguese, so 'imagem'
 * and 'arquivo para download' match 'image' and 'download' as the catalogue intends.
 */
function adminCreateMessage(error: unknown): string {
  const message = messageOf(error)
  if (error instanceof HttpError && (error.status === 401 || error.status === 403))
    return ADMIN_MESSAGES.session
  if (/unauthorized/i.test(message)) return ADMIN_MESSAGES.session
  if (!message) return ADMIN_MESSAGES.empty
  if (/image/i.test(message)) return ADMIN_MESSAGES.image
  if (/download/i.test(message)) return ADMIN_MESSAGES.download
  return message
}

export type ErrorStyle = 'admin' | 'generic' | 'base64' | 'update'

/** The toast for a failed save, per form (SPEC.md section 8). */
export function errorToast(error: unknown, style: ErrorStyle): Message {
  if (error instanceof UploadTimeoutError)
    return { title: 'Erro ao criar produto', description: error.message }
  if (error instanceof Base64ConversionError)
    return { title: 'Falha na conversão Base64', description: error.message }
  const message = messageOf(error)
  switch (style) {
    case 'admin':
      return { title: 'Erro ao criar produto', description: adminCreateMessage(error) }
    case 'base64':
      return error instanceof HttpError
        ? { title: 'Erro Base64', description: message || `Erro ${error.status}` }
        : { title: 'Erro no sistema Base64', description: message || 'Erro desconhecido' }
    case 'update':
      return message
        ? { title: 'Erro ao atualizar produto', description: message }
        : { title: 'Erro ao atualizar', description: 'Não foi possível atualizar o produto.' }
    default:
      return message
        ? { title: 'Erro ao criar produto', description: message }
        : { title: 'Erro desconhecido', description: 'Não foi possível criar o produto.' }
  }
}
