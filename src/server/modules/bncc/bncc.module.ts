import { defineModule } from '../../kernel/module.js'
import { bnccRoutes } from './bncc.routes.js'
import { createBnccService, type BnccService } from './bncc.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The BNCC's objectives and skills, searched by code, prefix or words. */
    bncc: BnccService
  }
}

export const bnccModule = defineModule({
  name: 'bncc',
  needs: [],
  provides: ['bncc'],
  build: () => ({ bncc: createBnccService() }),
  routes: bnccRoutes,
  // The skills' index is built once a served store is up, not at the first buyer's search
  // (about half a second of work on the machines the store runs on); tests build it on use.
  jobs: (app) => {
    setImmediate(() => app.services.bncc.warm())
  },
})
