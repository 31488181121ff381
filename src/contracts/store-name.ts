/**
 * The store's name, apart from the settings schema: the home page's header reads the default,
 * and importing it from settings.ts would ship zod and every setting's entry to every visitor
 * (the budget for the home's JavaScript).
 */

/** Shown when the seller's identity is not filled in yet; what a new install shows. */
export const DEFAULT_STORE_NAME = 'Loja de Materiais Pedagógicos'

/** The name every page, e-mail and message carries: the `store_name` setting, else the default. */
export const storeNameOf = (values: { store_name: string }) =>
  values.store_name.trim() || DEFAULT_STORE_NAME
