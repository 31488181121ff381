import type { AnswerOf } from '../../../contracts/api-route'
import * as adminRoutes from '../../../contracts/api-routes/admin.routes'
import { path } from '../../lib/api'
import { sendWithProgress } from '../../lib/xhr-upload'
import { samplePdf, samplePng } from './sample-files'

// The diagnostics pages' uploads: with progress (XMLHttpRequest), so addressed with path().

const TIMEOUT_MS = 3 * 60_000
const TIMEOUT_MESSAGE = 'Upload expirou após 3 minutos sem resposta.'

/** POST /api/test-upload: what arrived, stored nowhere. */
export function probeUpload(form: FormData, onProgress: (percent: number) => void) {
  return sendWithProgress<AnswerOf<typeof adminRoutes.testUpload>>({
    method: 'POST',
    url: path(adminRoutes.testUpload),
    body: form,
    timeoutMs: TIMEOUT_MS,
    timeoutMessage: TIMEOUT_MESSAGE,
    idleTimeout: true,
    onProgress,
  })
}

/** Builds a throwaway product from a generated image and PDF: the whole upload path, end to end. */
export async function createSampleProduct(onProgress: (percent: number) => void) {
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const form = new FormData()
  form.append('name', `Produto de teste ${stamp}`)
  form.append('description', 'Criado pela página /upload-teste. Pode ser excluído.')
  form.append('price', '1.00')
  form.append('category', 'educacao_infantil')
  form.append('isFree', 'false')
  form.append('imageFile', await samplePng('OK'), 'teste.png')
  form.append('downloadFile', samplePdf(`Teste ${stamp}`), 'teste.pdf')
  return sendWithProgress<AnswerOf<typeof adminRoutes.createProduct>>({
    method: 'POST',
    url: path(adminRoutes.createProduct),
    body: form,
    timeoutMs: TIMEOUT_MS,
    timeoutMessage: TIMEOUT_MESSAGE,
    idleTimeout: true,
    onProgress,
  })
}

/**
 * 'Testar conexão': whether the server answers /healthz now (never from a cache), and how long
 * it took. /healthz is the run contract's, outside the API table, so it is fetched by address.
 */
export async function pingServer(): Promise<{ ok: boolean; status: number; ms: number }> {
  const started = performance.now()
  const response = await fetch('/healthz', { cache: 'no-store' })
  return { ok: response.ok, status: response.status, ms: Math.round(performance.now() - started) }
}
