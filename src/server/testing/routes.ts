import type { App } from '../app.js'

export interface RouteEntry {
  method: string
  url: string
}

// One line of printRoutes' tree: indentation (4 characters per level), the segment, its methods.
const LINE = /^(.*?)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/

/**
 * Every route the app answers, from Fastify's own route tree (it has no listing API). Used to
 * check that no admin route slips past the guard test's table.
 */
export function listRoutes(app: App): RouteEntry[] {
  const paths: string[] = []
  const found: RouteEntry[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods] = match
    const depth = [...indent].length / 4
    const url = (paths[depth - 1] ?? '') + segment
    paths[depth] = url
    paths.length = depth + 1
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD') found.push({ method, url })
    }
  }
  return found
}
