import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiRoute } from '../contracts/api-route.js'
import { createTestStore, type TestStore } from './testing/test-app.js'

/**
 * The API as the client calls it (src/contracts/api-routes/) and as the server registers it
 * must be the same list: a route renamed on one side only, a route added without its entry, or
 * an entry whose route was removed fails here, not in a browser journey. Parameter names may
 * differ (`:id` and `:productId` are the same address).
 */
const address = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ':')}`

async function contractEntries(): Promise<Set<string>> {
  const dir = new URL('../contracts/api-routes/', import.meta.url)
  const found = new Set<string>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.routes.ts'))) {
    const entries = (await import(new URL(file, dir).href)) as Record<string, Partial<ApiRoute>>
    for (const entry of Object.values(entries)) {
      if (entry?.method && entry.path) found.add(address(entry.method, entry.path))
    }
  }
  return found
}

let store: TestStore
const registered = new Set<string>()
beforeAll(async () => {
  store = await createTestStore({
    // No built client: its files (assets, sw.js) are served as routes of their own when built.
    clientDir: mkdtempSync(path.join(tmpdir(), 'no-client-')),
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD beside each GET by itself.
        if (method !== 'HEAD') registered.add(address(method, route.url))
      }
    },
  })
})
afterAll(() => store.close())

describe('every route written in the contract and on the server alike', () => {
  it('every contract entry is a route the server registers', async () => {
    const missing = [...(await contractEntries())].filter((entry) => !registered.has(entry))
    expect(missing).toEqual([])
  })

  it('every route the server registers has its contract entry', async () => {
    const entries = await contractEntries()
    expect([...registered].filter((route) => !entries.has(route))).toEqual([])
  })
})
