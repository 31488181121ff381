import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The owner asked for React (decision 033): what a phone runs and what the server draws with is
// React itself, the version installed, and no other framework answering its imports.
const reactVersion = (
  createRequire(import.meta.url)('react-dom/package.json') as { version: string }
).version
/** The version as a minifier writes a string: in any of JavaScript's quotes. */
const versionLiteral = new RegExp(`["'\`]${reactVersion.replaceAll('.', '\\.')}["'\`]`)
/** The name of React's shared internals, which only React itself carries (a compat layer fakes the API). */
const REACT_INTERNALS = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'
/** Preact's name as a word: its package paths and messages (not a word inside another name). */
const PREACT = /\bpreact\b/i
const builtFile = async (dir: string, pattern: RegExp) => {
  const name = (await readdir(dir)).find((file) => pattern.test(file))
  expect(name, `${pattern} in ${dir}`).toBeDefined()
  return readFile(path.join(dir, name!), 'utf8')
}

describe('the pages run on React', () => {
  it('the browser’s framework chunk is React DOM of the installed version, with no Preact', async () => {
    const chunk = await builtFile('dist/client/assets', /^framework-[\w-]+\.js$/)
    expect(chunk).toMatch(versionLiteral)
    expect(chunk).toContain('hydrateRoot')
    expect(chunk).toContain(REACT_INTERNALS)
    expect(chunk).not.toMatch(PREACT)
  })

  it('the server renderer draws with React’s own renderer, with no Preact', async () => {
    const renderer = await builtFile('dist/ssr', /^entry-server\.js$/)
    expect(renderer).toMatch(versionLiteral)
    expect(renderer).toContain('prerenderToNodeStream')
    expect(renderer).toContain(REACT_INTERNALS)
    expect(renderer).not.toMatch(PREACT)
  })
})
