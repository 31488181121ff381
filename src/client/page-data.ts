import type { QueryClient } from '@tanstack/react-query'
import { PAGE_DATA_ID, type PageData } from '../contracts/page-data'
import { productKeys } from './features/catalog/catalog.api'
import { bnccKeys } from './features/bncc/bncc.api'
import { clubeKeys } from './features/clube/clube.api'
import { securityKeys } from './features/layout/security.api'
import { paymentMethodsKeys } from './features/settings/delivery-promise'
import { settingsKeys } from './features/settings/settings.api'

export type { PageData }

/** What the server already sent with the page: read once, before the first render. */
export function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ID)
  if (!element?.textContent) return {}
  try {
    const data = JSON.parse(element.textContent) as PageData
    return data && typeof data === 'object' ? data : {}
  } catch {
    return {}
  }
}

/** Puts a page's data in a query cache under the keys its screens ask (server and browser). */
export function seedQueries(client: QueryClient, data: PageData): void {
  if (data.settings) client.setQueryData(settingsKeys.public(), data.settings)
  if (data.product) client.setQueryData(productKeys.detail(data.product.id), data.product)
  if (data.catalog) {
    client.setQueryData(productKeys.catalogPage(data.catalog.search, 1), data.catalog.page)
    client.setQueryData(productKeys.categories(), data.catalog.categories)
  }
  if (data.paymentMethods) client.setQueryData(paymentMethodsKeys.methods(), data.paymentMethods)
  if (data.plans) client.setQueryData(clubeKeys.plans(), data.plans)
  if (data.bnccSkill) client.setQueryData(bnccKeys.skill(data.bnccSkill.code), data.bnccSkill)
  if (data.bnccIndex) client.setQueryData(bnccKeys.index(), data.bnccIndex)
  if (data.security) client.setQueryData(securityKeys.status(), data.security)
}
