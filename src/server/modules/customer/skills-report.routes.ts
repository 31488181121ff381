import type { FastifyReply, FastifyRequest } from 'fastify'
import { storeNameOf } from '../../../contracts/settings.js'
import {
  SKILLS_REPORT_FILE_NAME,
  SKILLS_REPORT_UNAUTHORIZED,
  SkillsReportAnswer,
} from '../../../contracts/skills-report.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import type { ModuleContext } from '../../kernel/module.js'

// The store's calendar: the report is dated as the buyer's day, whatever the server's zone.
const dayOf = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'long',
  timeZone: 'America/Sao_Paulo',
})

/**
 * 'Relatório de habilidades' for whoever 'Meus materiais' shows: the logged-in account, else
 * the e-mail whose access (a code or an e-mailed link) this browser opened; 401 for anyone else.
 */
export function skillsReportRoutes(app: App, ctx: ModuleContext) {
  const { sessions, guestAccess, customer, settings } = app.services

  /** The report's owner and the name it carries; never cached (a school's shared proxy). */
  async function readerOf(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store')
    const user = await sessions.userOf(req)
    if (user) {
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email
      return { owner: { userId: user.id }, name }
    }
    const email = await guestAccess.emailOf(req)
    if (email) return { owner: { email }, name: email }
    throw new AppError('unauthorized', SKILLS_REPORT_UNAUTHORIZED)
  }

  app.get(
    '/api/user/skills',
    { schema: { response: { 200: SkillsReportAnswer } } },
    async (req, reply) => customer.skillsOf((await readerOf(req, reply)).owner),
  )

  app.get('/api/user/skills.pdf', async (req, reply) => {
    const { owner, name } = await readerOf(req, reply)
    const [skills, storeName, { skillsPdf }] = await Promise.all([
      customer.skillsOf(owner),
      settings.get('store_name'),
      import('./skills-pdf.js'),
    ])
    const pdf = await skillsPdf({
      skills,
      name,
      date: dayOf.format(ctx.clock()),
      storeName: storeNameOf({ store_name: storeName }),
    })
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${SKILLS_REPORT_FILE_NAME}"`)
      .send(Buffer.from(pdf))
  })
}
