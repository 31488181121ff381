import { z } from 'zod'
import { BnccIndex, BnccSkillPage } from '../../../contracts/bncc.js'
import { CatalogCategories, CatalogPage } from '../../../contracts/catalog.js'
import { PaymentMethods } from '../../../contracts/checkout.js'
import type { CatalogSearch } from '../../../contracts/catalog-search.js'
import { PAGE_DATA_ID, type PageData } from '../../../contracts/page-data.js'
import { Product } from '../../../contracts/products.js'
import { PublicSettings } from '../../../contracts/settings.js'
import { PublicPlan } from '../../../contracts/subscriptions.js'
import { jsonForHtml } from './page-head.js'

/**
 * A page's data as its API routes answer it: each part through its route's schema, so a page
 * carries nothing those routes would not tell the same visitor.
 */
export function pageData(parts: {
  settings?: PublicSettings
  product?: Product
  catalog?: { search: CatalogSearch; page: CatalogPage; categories: CatalogCategories }
  plans?: PublicPlan[]
  bnccSkill?: BnccSkillPage
  bnccIndex?: BnccIndex
  paymentMethods?: PaymentMethods
}): PageData {
  const data: PageData = {}
  if (parts.settings) data.settings = z.encode(PublicSettings, parts.settings)
  if (parts.product) data.product = z.encode(Product, parts.product)
  if (parts.catalog) {
    data.catalog = {
      search: parts.catalog.search,
      page: z.encode(CatalogPage, parts.catalog.page),
      categories: z.encode(CatalogCategories, parts.catalog.categories),
    }
  }
  if (parts.paymentMethods) data.paymentMethods = z.encode(PaymentMethods, parts.paymentMethods)
  if (parts.plans) data.plans = z.encode(z.array(PublicPlan), parts.plans)
  if (parts.bnccSkill) data.bnccSkill = z.encode(BnccSkillPage, parts.bnccSkill)
  if (parts.bnccIndex) data.bnccIndex = z.encode(BnccIndex, parts.bnccIndex)
  return data
}

/** The data block the client reads before hydrating (src/client/page-data.ts). */
export function pageDataScript(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForHtml(data)}</script>`
}
