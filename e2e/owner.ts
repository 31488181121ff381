import type { Browser, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { phoneContext } from './browser.js'

/** The shop owner as global-setup.ts makes her. */
export const OWNER = { username: 'admin@teste.com', password: 'admin-senha-123' }

/** A phone page logged in as the owner (its requests carry her session and the store's origin). */
export async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  const login = await page.request.post('/api/admin/login', {
    data: OWNER,
    headers: { origin: inject('baseUrl') },
  })
  expect(login.status()).toBe(200)
  return page
}

/**
 * A monthly clube plan on sale with every material, for the time `journey` runs; removed after,
 * so the journeys that follow find the clube as it was.
 */
export async function withPlanOnSale(
  owner: Page,
  plan: { name: string; price: string },
  journey: () => Promise<void>,
): Promise<void> {
  const origin = { origin: inject('baseUrl') }
  const created = await owner.request.post('/api/admin/plans', {
    headers: origin,
    data: {
      ...plan,
      interval: 'month',
      grants: { all: true },
      downloadsPerMaterial: 2,
      isActive: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  try {
    await journey()
  } finally {
    await owner.request.delete(`/api/admin/plans/${id}`, { headers: origin })
  }
}
