import type { App } from '../app-types.js'
import { requireSuperadmin } from '../modules/accounts/sessions.service.js'

/**
 * The one guard of the administration: every route registered inside `register` answers 401 to
 * an anonymous caller and 403 to a logged-in non-admin before its handler (or a body parser,
 * for an upload) runs. Routes that must be admin-only are registered here and nowhere else.
 */
export function adminScope(app: App, register: (scope: App) => void | Promise<void>) {
  return app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      requireSuperadmin(await scope.services.sessions.viewerOf(req))
    })
    await register(scope)
  })
}
