import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { settingsRoutes } from './settings.routes.js'
import { createSettingsService, type SettingsService } from './settings.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    settings: SettingsService
  }
}

/** The store's settings, cached in memory and refreshed on every instance when one saves. */
export const settingsModule = defineModule({
  name: 'settings',
  needs: [],
  provides: ['settings'],
  build: ({ db, signal }) => ({ settings: createSettingsService(db, signal) }),
  handles: ({ settings }) => [
    handle({ event: 'store.restored', phase: 'committed', run: () => settings.changed() }),
  ],
  routes: settingsRoutes,
})
