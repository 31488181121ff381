import { defineModule } from '../../kernel/module.js'
import { webRoutes } from './web.routes.js'

/** The pages: drawn on the server, then the browser's; last, since it answers what is left. */
export const webModule = defineModule({
  name: 'web',
  needs: [],
  provides: [],
  build: () => ({}),
  routes: webRoutes,
})
