// Server import rules (decision 009). A module under src/server/modules/<m>/ reaches another
// module only through that module's `*.service.ts` (and src/contracts); its tables, routes and
// internals are its own. Two kinds of file may read across: `*.tables.ts` (foreign keys) and
// `*.read-model.ts` (reports that join several modules' tables, reading only). Tests may look
// at any table to check what was written. Import cycles, type-only ones included, fail
// `npm run lint` through `lint:cycles` (dpdm; ESLint's cycle rules skip type imports).

const SERVICE_ONLY =
  'Outro módulo só se alcança pelo seu *.service.ts (decision 009): tabelas, rotas e arquivos internos são do dono.'
const NO_WIRING = 'app.ts e modules.ts são a raiz da montagem: importe os tipos de app-types.ts.'
const SERVICES_IN_DEFINITIONS =
  'Cada módulo monta os seus services na sua definição (*.module.ts, decision 034); app.ts só registra plugins e a lista de módulos.'
const NO_TABLES = 'Só o módulo dono lê e escreve suas tabelas: use o service dele (decision 009).'

/** `depth` folders below the module's own folder: the relative prefix that leaves the module. */
const leaveModule = (depth) => '\\.\\./'.repeat(depth + 1)

function moduleRules(depth, { tablesAllowed }) {
  const up = leaveModule(depth)
  const patterns = [
    {
      // ../<other>/<file> that is not a *.service.js (nor, where allowed, a *.tables.js).
      regex: `^${up}[^./][^/]*/(?!.*\\.service\\.js$${tablesAllowed ? '|[^/]*\\.tables\\.js$' : ''}).*`,
      message: SERVICE_ONLY,
    },
    { regex: `^${up}\\.\\./(app|modules)\\.js$`, message: NO_WIRING },
  ]
  return { 'no-restricted-imports': ['error', { patterns }] }
}

const inModule = (depth, name = '*') => `src/server/modules/*/${'*/'.repeat(depth)}${name}.ts`

export const serverBoundaries = [
  ...[0, 1].flatMap((depth) => [
    {
      files: [inModule(depth)],
      ignores: [
        inModule(depth, '*.test'),
        inModule(depth, '*.tables'),
        inModule(depth, '*.read-model'),
      ],
      rules: moduleRules(depth, { tablesAllowed: false }),
    },
    {
      files: [inModule(depth, '*.tables'), inModule(depth, '*.read-model')],
      rules: moduleRules(depth, { tablesAllowed: true }),
    },
  ]),
  {
    // The shared layers under the modules never touch a module's tables.
    files: ['src/server/{http,lib,files,db,backup,providers}/**/*.ts', 'src/server/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/modules/[^/]+/[^/]+\\.tables\\.js$', message: NO_TABLES }] },
      ],
    },
  },
  {
    // app.ts registers plugins and the module list; each module builds its services (decision 034).
    files: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/modules/[^/]+/[^/]+\\.tables\\.js$', message: NO_TABLES },
            { regex: '/modules/[^/]+/[^/]+\\.service\\.js$', message: SERVICES_IN_DEFINITIONS },
          ],
        },
      ],
    },
  },
]
