import { PublicSettings } from '../../../contracts/settings.js'
import type { App } from '../../app-types.js'

export function settingsRoutes(app: App) {
  app.get('/api/settings/public', { schema: { response: { 200: PublicSettings } } }, async () =>
    app.services.settings.publicSettings(),
  )
}
