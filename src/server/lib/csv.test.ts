import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { csvCell, csvDocument } from './csv.js'

const SERVER = fileURLToPath(new URL('..', import.meta.url))

/** Every source file of the server, tests left out. */
async function serverSources(dir = SERVER): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const found = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return serverSources(full)
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : []
    }),
  )
  return found.flat()
}

describe('the CSV writer', () => {
  it('prefixes every cell that a spreadsheet would run as a formula', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', ' =1', 'ok', '', 'a=b'].map(csvCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      `"'\rx"`,
      "' =1",
      'ok',
      '',
      'a=b',
    ])
  })

  it('quotes separators, quotes and line breaks; BOM, semicolons and CRLF for Excel pt-BR', () => {
    const file = csvDocument(
      ['a', 'b'],
      [
        ['x;y', 'diz "oi"'],
        [null, 12],
      ],
    )
    expect(file).toBe('\uFEFFa;b\r\n"x;y";"diz ""oi"""\r\n;12\r\n')
  })

  it('is the only writer: no other server file answers text/csv', async () => {
    const writers = []
    for (const file of await serverSources()) {
      if ((await readFile(file, 'utf8')).includes('text/csv')) {
        writers.push(path.relative(SERVER, file))
      }
    }
    expect(writers, 'answer CSV through sendCsv and csvDocument (lib/csv.ts)').toEqual([
      path.join('lib', 'csv.ts'),
    ])
  })
})
