// The client's data has one home per domain (STYLE.md item 10): a feature's queries, their key
// factory and its mutations with their invalidations live in its `*.api.ts` (the admin's
// `admin.queries.ts` and `admin.mutations.ts` until the admin is split by domain), and
// components only use them. Two things are refused:
// - a query key written as an array from scratch (`queryKey: ['admin', 'sales']`): keys come
//   from the feature's factory (`adminKeys.sales(from, to)`), so an invalidation reaches every
//   view it must; an array that spreads a factory's key is the factory's, and allowed;
// - a component (`.tsx`) that calls the API itself (lib/api's call, callRaw, callOrNull, or
//   fetch): its data file does, and the component takes a query or a mutation.

const INLINE_KEY =
  'Chave de query escrita à mão: use a fábrica de chaves do domínio (ex.: adminKeys.sales(de, até)) no seu *.api.ts.'
const COMPONENT_CALL =
  'Componente chamando a API: a chamada vai para o *.api.ts do domínio (query ou mutation) e o componente usa o hook.'

const API_CALLS = new Set(['call', 'callRaw', 'callOrNull'])

const unwrap = (node) =>
  node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
    ? unwrap(node.expression)
    : node

const clientData = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { inlineKey: INLINE_KEY, componentCall: COMPONENT_CALL },
  },
  create(context) {
    const component = context.filename.endsWith('.tsx') && !context.filename.endsWith('.test.tsx')
    return {
      Property(node) {
        if (node.key.type !== 'Identifier' || node.key.name !== 'queryKey') return
        const value = unwrap(node.value)
        const first = value?.type === 'ArrayExpression' ? value.elements[0] : null
        if (first && first.type === 'Literal') context.report({ node, messageId: 'inlineKey' })
      },
      ImportDeclaration(node) {
        if (!component || !/\/lib\/api$/.test(node.source.value)) return
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && API_CALLS.has(spec.imported.name)) {
            context.report({ node: spec, messageId: 'componentCall' })
          }
        }
      },
      CallExpression(node) {
        if (component && node.callee.type === 'Identifier' && node.callee.name === 'fetch') {
          context.report({ node, messageId: 'componentCall' })
        }
      },
    }
  },
}

export const clientDataRule = [
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { client: { rules: { data: clientData } } },
    rules: { 'client/data': 'error' },
  },
]
