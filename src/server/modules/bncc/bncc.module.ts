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
})
