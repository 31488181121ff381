// A payment provider (Mercado Pago, Woovi, Asaas) is named only inside
// src/server/modules/payments/providers/ (the nota issuers in invoices/providers/, the shared
// HTTP clients in src/server/providers/): its code, its registry entry (registry.ts) and its
// fakes. Everywhere else the server talks to a PixProvider from the registry, so adding a
// provider (PIX Automático next) touches providers/ and one registry entry, nothing else
// (decision 023).
//
// What counts as naming a provider, case-insensitive (`mercado pago`, `mercado_pago`,
// `mercado-pago` too): an identifier (`mercadoPagoApi`, `{ woovi: … }`), an import path
// (`./providers/asaas.js`), a string or template literal ('asaas'). Comments are not code and
// may say which provider a rule came from.
//
// Not counted, because they are contracts the owner or the buyer already relies on:
// - a settings key declared in src/contracts/settings/ ('mercadopago_return_url',
//   `values.mercadopago_store_name`): the settings contract names them, once;
// - a public address ('/api/webhooks/asaas', '/api/create-order-mercadopago'): owners registered
//   them at the providers and SPEC.md fixes them (a string literal starting with '/api/').
//
// Scope: src/server. src/contracts holds the API's words (the provider names an order answers
// with) and src/client is the owner's screens, which name providers to the owner in Portuguese.
// Files exempt below, each for its reason.

import { readdirSync, readFileSync } from 'node:fs'

const PROVIDER = /mercado[\s_-]?pago|woovi|asaas/i

/** Every snake_case word of the settings contract: its keys, however the file lays them out. */
const SETTINGS_DIR = new URL('../src/contracts/settings/', import.meta.url)
const SETTINGS_KEYS = new Set(
  readdirSync(SETTINGS_DIR).flatMap(
    (file) =>
      readFileSync(new URL(file, SETTINGS_DIR), 'utf8').match(
        /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g,
      ) ?? [],
  ),
)

const MESSAGE =
  'Só src/server/modules/payments/providers/ nomeia um provedor de pagamento (decision 023): use o PixProvider do registro (named, current, card) ou um fato do provedor (label, needsTaxId, reportsReversals).'

const allowed = (text) => SETTINGS_KEYS.has(text) || text.startsWith('/api/')

const providerNames = {
  meta: { type: 'problem', schema: [], messages: { named: MESSAGE } },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && PROVIDER.test(text) && !allowed(text)) {
        context.report({ node, messageId: 'named' })
      }
    }
    return {
      Identifier: (node) => check(node, node.name),
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked),
    }
  },
}

export const providerNamesRule = [
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/modules/payments/providers/**',
      // The nota fiscal issuers (Focus NFe, Asaas' invoices) and the providers' shared HTTP
      // clients (the Asaas account serves both PIX and notas) are provider code too.
      'src/server/modules/invoices/providers/**',
      'src/server/providers/**',
      // Tests drive the providers' fakes and name them to say which one they drive.
      'src/server/**/*.test.ts',
      // The fakes of the providers' APIs (local HTTP servers) are provider code by nature.
      'src/server/testing/**',
      // The environment's contract: MERCADOPAGO_ACCESS_TOKEN & co. are read once, at boot
      // (the variables in config-env.ts, the typed Config they become in config.ts).
      'src/server/config.ts',
      'src/server/config-env.ts',
      // Secret headers are redacted from every log line from the first one, before any module
      // is built; a provider's token header (asaas-access-token) must be listed there.
      'src/server/http/safe-log.ts',
    ],
    plugins: { store: { rules: { 'provider-names': providerNames } } },
    rules: { 'store/provider-names': 'error' },
  },
]
