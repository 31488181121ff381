import { defineModule } from '../../kernel/module.js'
import { contactRoutes } from './contact.routes.js'
import { createContactService, type ContactService } from './contact.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Fale conosco': the visitor's message to the owner, and its receipt. */
    contact: ContactService
  }
}

export const contactModule = defineModule({
  name: 'contact',
  needs: ['settings', 'messaging', 'limiter'],
  provides: ['contact'],
  build: ({ db, deps }, { settings, messaging, limiter }) => ({
    contact: createContactService({ db, settings, mail: messaging.mail, limiter, now: deps.now }),
  }),
  routes: contactRoutes,
})
