import { defineModule } from '../../kernel/module.js'
import { currentTermsText } from './current-terms.js'
import { createTermsService, type TermsService } from './terms.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    terms: TermsService
  }
}

/** The terms each order keeps: the owner's page_terms filled in, one row per distinct text. */
export const termsModule = defineModule({
  name: 'terms',
  needs: ['settings'],
  provides: ['terms'],
  build: ({ db }, { settings }) => ({
    terms: createTermsService({
      db,
      currentTerms: async () => currentTermsText(await settings.all()),
    }),
  }),
})
