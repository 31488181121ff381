// Client import rules (STYLE.md item 6): pages → features → ui/lib, never back. A feature
// imports another feature only through the pairs listed here, each with its reason.
import { readdirSync } from 'node:fs'

/** Which features each feature may import; a feature not named here may import none. */
export const ALLOWED_FEATURE_IMPORTS = {
  // A bought material is downloaded the way a free one is; a used-up one points to the
  // store's support WhatsApp; the skills report credits the BNCC's texts as their licence asks.
  account: ['bncc', 'downloads', 'settings'],
  // Product rows show the store's price and search; a product write refreshes the store's
  // product views; a settings write refreshes the public copy of the settings; the product
  // form finds BNCC skills to tag a material with.
  admin: ['bncc', 'catalog', 'settings'],
  // A login drops the previous visitor's private data and refetches the merged cart.
  auth: ['account', 'cart'],
  // The cart's suggestions are catalogue products, shown with their category.
  cart: ['catalog'],
  // Hearts are the account's once logged in; the /favoritos list adds to the cart, and a
  // guest's list is drawn from the catalogue's products with their price.
  favorites: ['auth', 'cart', 'catalog'],
  // Checkout buys the cart (or the buy-now item) for whoever is logged in, then refreshes
  // the buyer's purchases and orders; a static PIX receipt goes to the store's WhatsApp.
  checkout: ['account', 'auth', 'cart', 'settings'],
  // Subscribing to the clube is done as whoever is logged in, paid as the checkout's PIX is
  // (the same payment methods, kept with the store's settings: the payer's CPF when the
  // provider needs it).
  clube: ['auth', 'checkout', 'settings'],
  // The home page greets the logged-in user and shows the banner the admin configured.
  home: ['auth', 'settings'],
  // The header shows the session and the cart; header and footer show the store's contacts;
  // the footer's 'Cookies e anúncios' opens the consent banner again; both lead to the clube
  // while a plan is on sale; on the PIX screen the cart's total is the order's being paid.
  layout: ['auth', 'cart', 'checkout', 'clube', 'consent', 'favorites', 'settings'],
  // The About, Terms and Privacy pages are the owner's texts, with the store's name and contacts.
  legal: ['settings'],
  // The banner asks only when the shop filled in an ad pixel (a public setting).
  consent: ['settings'],
  // A sent review refreshes its product's page (the catalogue's key for it).
  reviews: ['catalog'],
  // A product page adds to the cart, downloads a free material, shows its category, the
  // store's download quota, the clubes that include it and who it is for (its BNCC skills).
  'product-detail': ['bncc', 'cart', 'catalog', 'clube', 'downloads', 'favorites', 'settings'],
}

const FEATURES = readdirSync(new URL('../src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const CODE = '**/*.{ts,tsx}'

// Specifiers are relative ('../cart/cart.api', '../../features/cart/...'), so a pattern
// names the folder wherever it appears in the path.
const NO_SERVER = {
  group: ['**/server/**'],
  message: 'The browser never runs server code: share shapes and limits through src/contracts.',
}
const NO_APP_SHELL = {
  regex: '^(\\.\\./)+(app|main|routes)$',
  message: 'app.tsx, main.tsx and routes.tsx sit above every page: nothing imports them back.',
}
const NO_PAGES = {
  group: ['**/pages/**'],
  message: 'Pages are the top layer (pages → features → ui/lib): only routes.tsx imports them.',
}
const NO_FEATURES = {
  group: ['**/features/**'],
  message: 'ui/ and lib/ are generic and may not import features (pages → features → ui/lib).',
}

/** What a feature may not import: pages, the app shell, server code, unlisted features. */
function featureRules(feature) {
  const allowed = ALLOWED_FEATURE_IMPORTS[feature] ?? []
  const forbidden = FEATURES.filter((other) => other !== feature && !allowed.includes(other))
  return [
    NO_SERVER,
    NO_APP_SHELL,
    NO_PAGES,
    ...forbidden.map((other) => ({
      group: [`**/${other}/**`],
      message:
        `features/${feature} may not import features/${other}: move what is generic to ui/ or ` +
        `lib/, or add the pair to ALLOWED_FEATURE_IMPORTS in eslint/client-boundaries.js.`,
    })),
  ]
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

// One rule setting per file: a later block replaces an earlier one for the files it matches.
export const clientBoundaries = [
  {
    name: 'client/app',
    files: [`src/client/${CODE}`],
    rules: restrict([NO_SERVER]),
  },
  {
    name: 'client/pages',
    files: [`src/client/pages/${CODE}`],
    rules: restrict([NO_SERVER, NO_APP_SHELL]),
  },
  {
    name: 'client/ui-lib',
    files: [`src/client/ui/${CODE}`, `src/client/lib/${CODE}`],
    rules: restrict([NO_SERVER, NO_APP_SHELL, NO_PAGES, NO_FEATURES]),
  },
  ...FEATURES.map((feature) => ({
    name: `client/features/${feature}`,
    files: [`src/client/features/${feature}/${CODE}`],
    rules: restrict(featureRules(feature)),
  })),
]
