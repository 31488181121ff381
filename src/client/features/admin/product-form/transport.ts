import type { AnswerOf, ApiRoute } from '../../../../contracts/api-route'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { PRODUCT_MESSAGES, UPLOAD_LIMITS } from '../../../../contracts/product-form'
import { path } from '../../../lib/api'
import { sendWithProgress } from '../../../lib/xhr-upload'
import type { UploadStage } from '../../../ui/upload-status'
import { toBase64Files } from './base64'
import { tagFields, textFields, type ProductFormValues } from './form-values'

// SPEC.md sections 7 and 9: 3 minutes for a multipart upload, 300000 ms for the JSON routes.
const UPLOAD_TIMEOUT_MS = 3 * 60_000
const BASE64_TIMEOUT_MS = 300_000
export const UPLOAD_TIMEOUT_MESSAGE =
  'Upload expirou após 3 minutos sem resposta. Verifique a conexão e tente novamente.'

export type OnProgress = (stage: UploadStage, percent: number) => void

function appendText(form: FormData, values: ProductFormValues, editing: boolean) {
  const fields = textFields(values, editing)
  form.append('name', fields.name)
  form.append('description', fields.description)
  form.append('price', fields.price)
  // Empty means "none": when editing it removes the 'de' price there was.
  if (fields.compareAtPrice || editing) form.append('compareAtPrice', fields.compareAtPrice)
  form.append('category', fields.category)
  form.append('isFree', String(fields.isFree))
  if (editing) form.append('isActive', String(fields.isActive))
  form.append('stampPdf', String(fields.stampPdf))
  // A list field in a multipart form is JSON text.
  if (fields.bundleProductIds.length || editing) {
    form.append('bundleProductIds', JSON.stringify(fields.bundleProductIds))
  }
  if (fields.orderBumps.length || editing) {
    form.append('orderBumps', JSON.stringify(fields.orderBumps))
  }
  // Empty means "none" when creating; when editing it clears what was there.
  if (fields.externalLink || editing) form.append('externalLink', fields.externalLink)
  if (fields.canvaTemplateId || editing) form.append('canvaTemplateId', fields.canvaTemplateId)
  if (fields.previewPages !== undefined) form.append('previewPages', fields.previewPages)
  for (const [key, value] of Object.entries(tagFields(values, editing))) {
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : value)
  }
}

/** Text parts first: the server knows what it is storing before the first file byte arrives. */
function multipartBody(values: ProductFormValues, editing: boolean): FormData {
  const form = new FormData()
  appendText(form, values, editing)
  if (values.image) form.append('imageFile', values.image)
  for (const image of values.additionalImages) form.append('additionalImages', image)
  if (values.downloadFile) form.append('downloadFile', values.downloadFile)
  for (const file of values.downloadFiles) form.append('downloadFiles', file)
  return form
}

const hasFiles = (v: ProductFormValues) =>
  Boolean(v.image || v.downloadFile || v.additionalImages.length || v.downloadFiles.length)

/** `route` at `url` (its path filled in), with progress: JSON or multipart. */
function send<R extends ApiRoute>(
  route: R,
  url: string,
  body: FormData | string,
  onProgress: OnProgress,
  json = false,
) {
  onProgress('uploading', 0)
  return sendWithProgress<AnswerOf<R>>({
    method: route.method === 'PUT' ? 'PUT' : 'POST',
    url,
    body,
    timeoutMs: json ? BASE64_TIMEOUT_MS : UPLOAD_TIMEOUT_MS,
    timeoutMessage: UPLOAD_TIMEOUT_MESSAGE,
    // A big file on a phone takes longer than 3 minutes in all; only a stall is given up on.
    idleTimeout: !json,
    onProgress: (percent) => onProgress(percent >= 100 ? 'saving' : 'uploading', percent),
  })
}

export function createMultipart(values: ProductFormValues, onProgress: OnProgress) {
  const route = adminRoutes.createProduct
  return send(route, path(route), multipartBody(values, false), onProgress)
}

/** POST /api/products/base64 (one file) or /base64-multiple (with the extra files). */
export async function createBase64(
  values: ProductFormValues,
  route: 'base64' | 'base64-multiple',
  onProgress: OnProgress,
) {
  const files = [values.image!, values.downloadFile, ...values.downloadFiles]
  const bytes = files.reduce((sum, f) => sum + (f?.size ?? 0), 0)
  // Base64 makes a file a third bigger; the server refuses bodies above its limit anyway.
  if ((bytes * 4) / 3 > UPLOAD_LIMITS.base64BodyBytes)
    throw new Error(PRODUCT_MESSAGES.base64TooLarge)
  onProgress('reading', 0)
  const download = values.downloadFile ? [values.downloadFile] : []
  // Extra images do not travel this way; the form says so before getting here.
  const [image, ...rest] = await toBase64Files(
    [values.image!, ...download, ...values.downloadFiles],
    (percent) => onProgress('reading', percent),
  )
  const main = download.length ? rest[0] : undefined
  const extras = download.length ? rest.slice(1) : rest
  const body = {
    ...textFields(values),
    isActive: true,
    imageBase64: image!.data,
    imageFileName: image!.filename,
    ...(main && {
      downloadFileBase64: main.data,
      downloadFileName: main.filename,
      downloadFileType: main.mimetype,
    }),
    ...(route === 'base64-multiple' && extras.length > 0 && { additionalFiles: extras }),
  }
  const target =
    route === 'base64' ? adminRoutes.createProductBase64 : adminRoutes.createProductBase64Multiple
  return send(target, path(target), JSON.stringify(body), onProgress, true)
}

/** Files chosen: multipart PUT (extra images replace the old ones); otherwise the JSON route. */
export function updateProduct(id: number, values: ProductFormValues, onProgress: OnProgress) {
  if (hasFiles(values))
    return send(
      adminRoutes.editProduct,
      path(adminRoutes.editProduct, { id }),
      multipartBody(values, true),
      onProgress,
    )
  return send(
    adminRoutes.editProductJson,
    path(adminRoutes.editProductJson, { id }),
    JSON.stringify(textFields(values, true)),
    onProgress,
    true,
  )
}
