import { z } from 'zod'
import { RecoveryReport } from '../../../contracts/admin.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { OPT_OUT_PATH } from './recovery.service.js'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A page of its own (no script, no style): it must work from any mail app's browser. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Voltar para a loja</a></p></main></body></html>`
}

/** The buyer's one-tap opt-out of the PIX reminders, and the admin's report of them. */
export async function recoveryRoutes(app: App) {
  app.get(
    OPT_OUT_PATH,
    { schema: { querystring: z.object({ t: z.string().max(200).optional() }) } },
    async (req, reply) => {
      const done = await app.services.recovery.optOut(req.query.t ?? '')
      reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
      return done
        ? page(
            'Pronto: sem mais lembretes',
            'Você não vai receber mais lembretes de pagamento deste pedido. Se ainda quiser pagar, o link do e-mail do pedido continua valendo enquanto o PIX não vencer.',
          )
        : page(
            'Link inválido',
            'Este link de lembretes não existe ou foi copiado pela metade. Abra de novo pelo link completo da mensagem.',
          )
    },
  )
  await adminScope(app, async (scope) => {
    scope.get(
      '/api/admin/recovery',
      { schema: { response: { 200: RecoveryReport } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store')
        return scope.services.adminReports.recovery()
      },
    )
  })
}
