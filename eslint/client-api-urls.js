// The browser names API addresses in one place, the route table in
// src/contracts/api-routes (typed method, path, body and answer). A string or template literal
// starting with `/api/` anywhere in src/client is an address written by hand: refused (tests,
// which check the addresses the table produces, excepted).

const MESSAGE =
  'Write no /api/ address by hand in src/client: add the route to src/contracts/api-routes and ' +
  'use call(route) or path(route) from lib/api.ts.'

export const clientApiUrls = [
  {
    name: 'client/api-urls',
    files: ['src/client/**/*.{ts,tsx}'],
    // A test states the address it expects call() and path() to produce.
    ignores: ['src/client/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: MESSAGE },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
          message: MESSAGE,
        },
      ],
    },
  },
]
