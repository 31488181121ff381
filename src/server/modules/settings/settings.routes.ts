import type { App } from '../../app.js'

export function settingsRoutes(app: App) {
  app.get('/api/settings/public', async () => app.services.settings.publicSettings())
}
