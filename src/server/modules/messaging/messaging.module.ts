import { defineModule } from '../../kernel/module.js'
import { accessTokenIssuer } from '../guest-access/guest-access.service.js'
import { messagingRoutes } from './messaging.routes.js'
import { createMessagingService, type MessagingService } from './messaging.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    messaging: MessagingService
  }
}

/** E-mail and WhatsApp: the outbox, its worker, the templates and the order notices. */
export const messagingModule = defineModule({
  name: 'messaging',
  needs: ['settings', 'terms'],
  provides: ['messaging'],
  build: ({ db, deps, log }, { settings, terms }) => ({
    messaging: createMessagingService({
      db,
      settings,
      config: deps.config,
      log,
      accessTokens: accessTokenIssuer(deps.now),
      termsOf: (versionId, tx) => terms.textOf(versionId, tx),
    }),
  }),
  routes: messagingRoutes,
  jobs: (app) => {
    app.services.messaging.worker.start()
    app.addHook('onClose', () => app.services.messaging.worker.stop())
  },
})
