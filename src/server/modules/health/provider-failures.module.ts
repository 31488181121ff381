import { defineModule } from '../../kernel/module.js'
import { createProviderFailureLog, type ProviderFailures } from './provider-failure-log.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Written by the payments' provider calls, read by the health panel. */
    providerFailures: ProviderFailures
  }
}

/**
 * Apart from the health panel: the payments module reports to it, and the panel, which needs
 * the backups (which need the payments), reads it.
 */
export const providerFailuresModule = defineModule({
  name: 'provider-failures',
  needs: [],
  provides: ['providerFailures'],
  build: ({ db, clock }) => ({ providerFailures: createProviderFailureLog(db, clock) }),
})
