/** The browser's side of an upload, for the upload benchmark: a big file and a multipart POST. */
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { request } from 'node:http'

const MB = 1024 * 1024

/** A PDF signature, then incompressible bytes (1 MB of random data repeated). */
export async function writeSource(file: string, bytes: number) {
  const block = randomBytes(MB)
  const out = createWriteStream(file)
  out.write('%PDF-1.4\n')
  for (let written = 9; written < bytes; written += MB) {
    const piece = block.subarray(0, Math.min(MB, bytes - written))
    if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()))
  }
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  )
}

export async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** The multipart body written as the browser would: fields, cover, then the file streamed. */
export async function uploadProduct(
  to: { baseUrl: string; cookie: string; cover: Buffer },
  file: string,
  name: string,
): Promise<{ id: number }> {
  const { baseUrl, cookie, cover } = to
  const boundary = `----loja-bench-${Date.now()}`
  const fields = { name, description: 'Bench', price: '10.00', category: 'alfabetizacao' }
  const text = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')
  const part = (field: string, fileName: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`
  const head = Buffer.concat([
    Buffer.from(text + part('imageFile', 'capa.png', 'image/png')),
    cover,
    Buffer.from(`\r\n${part('downloadFile', 'material.pdf', 'application/pdf')}`),
  ])
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = head.length + (await stat(file)).size + tail.length
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/products`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    })
    req.on('error', reject)
    req.on('response', (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () =>
        res.statusCode === 201
          ? resolve(JSON.parse(body))
          : reject(new Error(`${res.statusCode} ${body}`)),
      )
    })
    req.write(head)
    createReadStream(file)
      .on('end', () => req.end(tail))
      .pipe(req, { end: false })
  })
}
