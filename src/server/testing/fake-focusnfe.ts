/**
 * A local Focus NFe for tests: a real HTTP server speaking the NFS-e part of its API v2 as
 * documented at https://focusnfe.com.br/doc/#nfse — the company's token as the HTTP Basic
 * user; POST /v2/nfse?ref= (answered `processando_autorizacao`, processed later), GET
 * /v2/nfse/{ref} (`autorizado` with `numero`, `url`, `caminho_xml_nota_fiscal`;
 * `erro_autorizacao` with `erros[].mensagem`), DELETE /v2/nfse/{ref} with a `justificativa`;
 * errors as `{ codigo, mensagem }`. Tests drive the municipality: `authorize`, `reject`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readJsonBody } from './fake-http.js'

export interface FakeNfse {
  ref: string
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado'
  numero: string | null
  url: string | null
  caminho_xml_nota_fiscal: string | null
  erros: { codigo: string; mensagem: string }[] | null
  /** What the store sent (not answered by Focus NFe). */
  sent: Record<string, unknown>
}

export async function startFakeFocusNfe(opts: { token?: string } = {}) {
  const token = opts.token ?? 'token-focus-nfe-de-teste-0123456789'
  const notas = new Map<string, FakeNfse>()
  const posts: { ref: string; body: Record<string, unknown> }[] = []
  const deletes: string[] = []
  let refuseNext: string | null = null
  let denyCancel: string | null = null
  let numbers = 1000

  const publicNota = (n: FakeNfse) => {
    const { sent: _sent, ...rest } = n
    return rest
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const auth = req.headers.authorization ?? ''
      const user = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')[0]
      if (user !== token) {
        return send(403, { codigo: 'permissao_negada', mensagem: 'Token inválido' })
      }
      const body = await readJsonBody(req)
      if (req.method === 'POST' && url.pathname === '/v2/nfse') {
        const ref = url.searchParams.get('ref') ?? ''
        if (!ref) return send(400, { codigo: 'requisicao_invalida', mensagem: 'ref ausente' })
        const before = notas.get(ref)
        if (before && before.status !== 'erro_autorizacao') {
          return send(422, { codigo: 'nfe_autorizada', mensagem: 'Nota já enviada com esta ref' })
        }
        if (!body.prestador || !body.tomador || !body.servico) {
          return send(422, { codigo: 'requisicao_invalida', mensagem: 'Campos obrigatórios' })
        }
        posts.push({ ref, body })
        if (refuseNext) {
          const mensagem = refuseNext
          refuseNext = null
          return send(422, { codigo: 'requisicao_invalida', mensagem })
        }
        const nota: FakeNfse = {
          ref,
          status: 'processando_autorizacao',
          numero: null,
          url: null,
          caminho_xml_nota_fiscal: null,
          erros: null,
          sent: body,
        }
        notas.set(ref, nota)
        return send(202, { ref, status: nota.status })
      }
      const match = /^\/v2\/nfse\/([^/]+)$/.exec(url.pathname)
      const nota = match ? notas.get(decodeURIComponent(match[1]!)) : undefined
      if (match && !nota)
        return send(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' })
      if (req.method === 'GET' && nota) return send(200, publicNota(nota))
      if (req.method === 'DELETE' && nota) {
        deletes.push(nota.ref)
        if (typeof body.justificativa !== 'string' || body.justificativa.length < 15) {
          return send(422, { codigo: 'requisicao_invalida', mensagem: 'Justificativa curta' })
        }
        if (denyCancel) {
          return send(200, {
            status: 'erro_cancelamento',
            erros: [{ codigo: 'E0', mensagem: denyCancel }],
          })
        }
        nota.status = 'cancelado'
        return send(200, { status: 'cancelado' })
      }
      send(404, { codigo: 'nao_encontrado', mensagem: 'Rota desconhecida' })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    token,
    notas,
    posts,
    deletes,
    /** The municipality authorises the nota of `ref`. */
    authorize(ref: string) {
      const nota = notas.get(ref)
      if (!nota) throw new Error(`no nota ${ref}`)
      nota.status = 'autorizado'
      nota.numero = String(++numbers)
      nota.url = `https://nfse.example.gov.br/nota/${nota.numero}.pdf`
      nota.caminho_xml_nota_fiscal = `/arquivos/${ref}/nfse.xml`
    },
    /** The municipality refuses the nota of `ref`. */
    reject(ref: string, mensagem: string) {
      const nota = notas.get(ref)
      if (!nota) throw new Error(`no nota ${ref}`)
      nota.status = 'erro_autorizacao'
      nota.erros = [{ codigo: 'E1', mensagem }]
    },
    /** The next POST is refused with this message (a 422, as Focus NFe answers bad data). */
    refuseNext: (mensagem: string) => void (refuseNext = mensagem),
    denyCancellations: (mensagem: string | null) => void (denyCancel = mensagem),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeFocusNfe = Awaited<ReturnType<typeof startFakeFocusNfe>>
