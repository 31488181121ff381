/**
 * The statements a restore accepts: only the kinds dump.ts writes, read by a small SQL
 * tokenizer (quotes, E'' escapes, quoted names, dollar quotes, comments), not matched by regex
 * on raw text (docs/decisions/022-backup-and-restore.md). A second line behind the archive's
 * signature, and the only one for an unsigned archive the owner accepted.
 */

export class DumpStatementRefused extends Error {}

export interface Token {
  kind: 'word' | 'name' | 'string' | 'number' | 'punct' | 'dollar'
  /** Words upper-cased; quoted names and strings without their quotes. */
  text: string
}

const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y
const NUMBER = /\d+(\.\d+)?([eE][+-]?\d+)?/y
const OPERATOR = /[-+*/<>=~!@#%^&|`?]+/y

/** A quoted run starting at `at` (the opening quote), `close` doubled inside for itself. */
function quoted(sql: string, at: number, close: string, backslash: boolean) {
  let text = ''
  for (let i = at + 1; i < sql.length; i++) {
    const c = sql[i]!
    if (backslash && c === '\\') {
      text += sql.slice(i, i + 2)
      i += 1
    } else if (c === close) {
      if (sql[i + 1] === close) {
        text += c
        i += 1
      } else return { text, end: i + 1 }
    } else text += c
  }
  throw new DumpStatementRefused('texto entre aspas sem fim')
}

/** The tokens of `sql`; a statement's end is the punct ';'. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < sql.length) {
    const c = sql[i]!
    if (/\s/.test(c)) i += 1
    else if (sql.startsWith('--', i)) i = sql.includes('\n', i) ? sql.indexOf('\n', i) : sql.length
    else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2)
      if (end < 0) throw new DumpStatementRefused('comentário sem fim')
      i = end + 2
    } else if (c === "'" || ((c === 'E' || c === 'e') && sql[i + 1] === "'")) {
      const escaped = c !== "'"
      const { text, end } = quoted(sql, escaped ? i + 1 : i, "'", escaped)
      tokens.push({ kind: 'string', text })
      i = end
    } else if (c === '"') {
      const { text, end } = quoted(sql, i, '"', false)
      tokens.push({ kind: 'name', text })
      i = end
    } else if (c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(i, i + 64))) {
      // Never written by the dump: function bodies, DO blocks. Recognised only to refuse it.
      tokens.push({ kind: 'dollar', text: '$' })
      i += 1
    } else if (/[A-Za-z_]/.test(c)) {
      WORD.lastIndex = i
      const word = WORD.exec(sql)![0]
      tokens.push({ kind: 'word', text: word.toUpperCase() })
      i += word.length
    } else if (/\d/.test(c)) {
      NUMBER.lastIndex = i
      const n = NUMBER.exec(sql)![0]
      tokens.push({ kind: 'number', text: n })
      i += n.length
    } else if (sql.startsWith('::', i)) {
      tokens.push({ kind: 'punct', text: '::' })
      i += 2
    } else if ('(),;.[]:'.includes(c)) {
      tokens.push({ kind: 'punct', text: c })
      i += 1
    } else {
      OPERATOR.lastIndex = i
      const op = OPERATOR.exec(sql)
      if (!op) throw new DumpStatementRefused(`caractere inesperado ${JSON.stringify(c)}`)
      tokens.push({ kind: 'punct', text: op[0] })
      i += op[0].length
    }
  }
  return tokens
}

const SETTINGS = new Set([
  'STATEMENT_TIMEOUT',
  'LOCK_TIMEOUT',
  'CLIENT_ENCODING',
  'STANDARD_CONFORMING_STRINGS',
  'CHECK_FUNCTION_BODIES',
  'CLIENT_MIN_MESSAGES',
  'ROW_SECURITY',
  'DATESTYLE',
  'INTERVALSTYLE',
  'TIMEZONE',
])

/**
 * Words a '(' may follow in a definition: the functions the schema's defaults, checks and
 * indexes use, the types that take a modifier, and the SQL keywords that open a list.
 */
const CALLABLE = new Set([
  'NEXTVAL',
  'NOW',
  'GEN_RANDOM_UUID',
  'LOWER',
  'UPPER',
  'COALESCE',
  'LENGTH',
  'CHAR_LENGTH',
  'BTRIM',
  'VARCHAR',
  'VARYING',
  'CHARACTER',
  'CHAR',
  'NUMERIC',
  'DECIMAL',
  'TIMESTAMP',
  'TIME',
  'INTERVAL',
  'BIT',
  'CHECK',
  'KEY',
  'UNIQUE',
  'ANY',
  'ALL',
  'ARRAY',
  'IN',
  'NOT',
  'AND',
  'OR',
  'WHERE',
  'INCLUDE',
  'WITH',
  'BTREE',
  'HASH',
  'GIN',
  'GIST',
  'EXCLUDE',
  'DEFAULT',
])

/** A keyword or punctuation (never a quoted name or a string that happens to read the same). */
const is = (t: Token | undefined, text: string) =>
  (t?.kind === 'word' || t?.kind === 'punct') && t.text === text
const isName = (t: Token | undefined) => t?.kind === 'name' || t?.kind === 'word'

/** `schema.name` or `name` at `at`; the index after it. */
function qualifiedName(tokens: Token[], at: number): number {
  if (!isName(tokens[at])) throw new DumpStatementRefused('nome esperado')
  if (is(tokens[at + 1], '.') && isName(tokens[at + 2])) return at + 3
  return at + 1
}

/** In a definition, every '(' follows a known word, a table after REFERENCES, or another '('. */
function onlyKnownCalls(tokens: Token[], from: number) {
  for (let i = from; i < tokens.length; i++) {
    if (!is(tokens[i], '(')) continue
    const before = tokens[i - 1]
    if (!before || is(before, '(') || is(before, ',') || before.kind === 'punct') continue
    if (before.kind === 'word' && CALLABLE.has(before.text)) continue
    // REFERENCES schema.table(columns)
    const ref = [i - 2, i - 4].find((j) => is(tokens[j], 'REFERENCES'))
    if (ref !== undefined && qualifiedName(tokens, ref + 1) === i) continue
    throw new DumpStatementRefused(`chamada não permitida: ${before.text}(`)
  }
}

/** VALUES ( literal, ... ), ... with nothing but literals, NULL and signs. */
function onlyLiteralRows(tokens: Token[], from: number) {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.kind === 'string' || t.kind === 'number') continue
    if (t.kind === 'word' && (t.text === 'NULL' || t.text === 'TRUE' || t.text === 'FALSE')) {
      continue
    }
    if (t.kind === 'punct' && ['(', ')', ',', '-'].includes(t.text)) continue
    throw new DumpStatementRefused(`valor não literal num INSERT: ${t.text}`)
  }
}

/** Throws unless `tokens` (one statement, without its ';') is a kind the dump writes. */
export function checkStatement(tokens: Token[]) {
  if (tokens.some((t) => t.kind === 'dollar')) {
    throw new DumpStatementRefused('bloco $$ (função ou DO) não permitido')
  }
  const [a, b, c, d, e] = tokens
  if (is(a, 'SET')) {
    const value = d?.kind === 'string' || d?.kind === 'number' || d?.kind === 'word'
    if (b?.kind === 'word' && SETTINGS.has(b.text) && is(c, '=') && value && !e) return
    throw new DumpStatementRefused(`SET não permitido: ${b?.text ?? ''}`)
  }
  const head = [a, b].map((t) => (t?.kind === 'word' ? t.text : '')).join(' ')
  switch (head) {
    case 'SELECT PG_CATALOG': {
      const fn = tokens[3]
      if (!is(c, '.') || !is(tokens[4], '(') || !is(tokens.at(-1), ')')) break
      const args = tokens.slice(5, -1)
      // set_config('search_path', '', false)
      if (is(fn, 'SET_CONFIG') && args.length === 5 && args[0]!.text === 'search_path') {
        if (args[2]!.kind === 'string' && args[2]!.text === '' && is(args[4], 'FALSE')) return
      }
      // setval('schema.seq', n, true|false)
      if (is(fn, 'SETVAL') && args.length === 5 && args[0]!.kind === 'string') {
        if (args[2]!.kind === 'number' && (is(args[4], 'TRUE') || is(args[4], 'FALSE'))) return
      }
      break
    }
    case 'CREATE SCHEMA':
      if (is(c, 'IF') && is(d, 'NOT') && is(e, 'EXISTS') && tokens.length === 6) {
        if (isName(tokens[5])) return
      }
      break
    case 'CREATE SEQUENCE':
    case 'ALTER SEQUENCE':
      // Numbers, names and keywords; no expression, no call.
      if (tokens.every((t) => t.kind !== 'string' && !is(t, '('))) return
      break
    case 'CREATE TABLE':
      if (is(tokens[qualifiedName(tokens, 2)], '(')) {
        onlyKnownCalls(tokens, qualifiedName(tokens, 2) + 1)
        return
      }
      break
    case 'INSERT INTO': {
      let i = qualifiedName(tokens, 2)
      if (!is(tokens[i], '(')) break
      i += 1
      while (isName(tokens[i]) && is(tokens[i + 1], ',')) i += 2
      if (!isName(tokens[i]) || !is(tokens[i + 1], ')') || !is(tokens[i + 2], 'VALUES')) break
      onlyLiteralRows(tokens, i + 3)
      return
    }
    case 'ALTER TABLE':
      if (is(c, 'ONLY')) {
        const at = qualifiedName(tokens, 3)
        if (is(tokens[at], 'ADD') && is(tokens[at + 1], 'CONSTRAINT') && isName(tokens[at + 2])) {
          onlyKnownCalls(tokens, at + 3)
          return
        }
      }
      break
    case 'CREATE INDEX':
    case 'CREATE UNIQUE': {
      const at = head === 'CREATE UNIQUE' ? 3 : 2
      if (head === 'CREATE UNIQUE' && !is(c, 'INDEX')) break
      if (isName(tokens[at]) && is(tokens[at + 1], 'ON')) {
        onlyKnownCalls(tokens, at + 2)
        return
      }
      break
    }
  }
  const shown = tokens
    .slice(0, 4)
    .map((t) => t.text)
    .join(' ')
  throw new DumpStatementRefused(`comando que o backup não escreve: ${shown}…`)
}

/** Checks one statement as the restore sends it: exactly one, whole, of a kind the dump writes. */
export function checkDumpStatement(sql: string) {
  const tokens = tokenize(sql)
  const ends = tokens.filter((t) => is(t, ';')).length
  if (ends !== 1 || !is(tokens.at(-1), ';')) {
    throw new DumpStatementRefused('mais de um comando numa linha, ou um comando partido')
  }
  checkStatement(tokens.slice(0, -1))
}
