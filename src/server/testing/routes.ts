export interface RouteEntry {
  method: string
  url: string
}

/** What Fastify's onRoute hook hands over of a route (a `RouteOptions` fits). */
export interface RegisteredRoute {
  method: string | string[]
  url: string
}

/**
 * Records every route as Fastify registers it. Hand `onRoute` to the app before its routes
 * exist (`createTestStore({ onRoute })`, i.e. `Deps.onRoute`); `routes` then lists them all,
 * method by method. HEAD routes Fastify adds beside each GET are left out.
 */
export function routeRecorder() {
  const routes: RouteEntry[] = []
  return {
    routes,
    onRoute(route: RegisteredRoute) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue
        if (routes.some((r) => r.method === method && r.url === route.url)) continue
        routes.push({ method, url: route.url })
      }
    },
  }
}
