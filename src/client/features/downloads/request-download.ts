import { apiRequest } from '../../lib/api'

interface DownloadAnswer {
  success?: boolean
  downloadUrl?: string
  downloadData?: string
  fileName?: string
  message?: string
}

function save(href: string, fileName?: string) {
  const link = document.createElement('a')
  link.href = href
  if (fileName) link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

function fileNameFrom(disposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')
  return match?.[1] ? decodeURIComponent(match[1]) : undefined
}

/**
 * Asks for one download of a bought material and saves it. The server answers a signed link
 * (preferred), a data URL, or the file itself; all three end as a saved file. Answers the name.
 */
export async function requestDownload(path: string, body?: unknown): Promise<string> {
  const response = await apiRequest(path, { method: 'POST', body })
  if (response.headers.get('content-type')?.includes('application/json')) {
    const answer = (await response.json()) as DownloadAnswer
    const href = answer.downloadUrl || answer.downloadData
    if (answer.success === false || !href)
      throw new Error(answer.message || 'Download indisponível')
    save(href, answer.fileName)
    return answer.fileName ?? 'arquivo'
  }
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? 'material'
  const url = URL.createObjectURL(await response.blob())
  save(url, fileName)
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return fileName
}
