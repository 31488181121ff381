import type { BnccIndex, BnccSkillPage } from './bncc.js'
import type { CatalogCategories, CatalogPage } from './catalog.js'
import type { PaymentMethods } from './checkout.js'
import { catalogAddress, catalogSearchOf, type CatalogSearch } from './catalog-search.js'
import type { Product } from './products.js'
import type { PublicSettings } from './settings.js'
import type { PublicPlan } from './subscriptions.js'
import type { SecurityStatus } from './system.js'

/** The id of the data block the server writes beside a page's HTML. */
export const PAGE_DATA_ID = 'dados-da-pagina'

/**
 * What the server read to draw a page, each part as its API route answers it. The server renders
 * the page from it (src/client/entry-server.tsx) and sends it beside the HTML; the browser puts it
 * in its cache before hydrating (src/client/page-data.ts), so both draw the same first screen
 * and the browser asks for none of it again.
 */
export interface PageData {
  /** The address the markup was drawn for (the home page: with its search, as `catalogAddress`
   *  writes it). The browser hydrates only there: the offline copy of the home page, served
   *  for another address by the service worker, is drawn again instead. */
  address?: string
  settings?: PublicSettings
  product?: Product
  /** The grid the address asks for (`/?q=…&categoria=…`): its first page and the categories. */
  catalog?: { search: CatalogSearch; page: CatalogPage; categories: CatalogCategories }
  plans?: PublicPlan[]
  /** A BNCC skill's page (`/bncc/EF03MA09`): the skill and the materials that teach it. */
  bnccSkill?: BnccSkillPage
  /** The BNCC's index (`/bncc`): every code, and the materials of those taught. */
  bnccIndex?: BnccIndex
  /** How the store charges (`GET /api/payments/methods`): what its pages may promise. */
  paymentMethods?: PaymentMethods
  /** The header's padlock for the request the page answered (`GET /api/security/status`). */
  security?: SecurityStatus
}

/** The address the browser is on, named as `PageData.address` names it. */
export function drawnAddressOf(pathname: string, search: string): string {
  return pathname === '/' ? catalogAddress(catalogSearchOf(search)) : pathname
}

/** Draws a page's markup for inside #root from its address and its data (entry-server.tsx). */
export type RenderPage = (url: string, data: PageData) => Promise<string>
