import { describe, expect, it } from 'vitest'
import { README_NAME, zipEntryNames } from './zip-entries.js'

describe("the names inside an order's ZIP", () => {
  it('keep no folder, no way up and nothing Windows refuses', () => {
    expect(
      zipEntryNames(['../../etc/senha.pdf', 'C:\\pasta\\a.pdf', 'por quê?: <sim>.pdf']),
    ).toEqual(['senha.pdf', 'a.pdf', 'por quê__ _sim_.pdf'])
    expect(zipEntryNames(['..', ' .pdf'])).toEqual(['arquivo', 'pdf'])
  })

  it('are unique without regard to case, and never the LEIA-ME', () => {
    expect(
      zipEntryNames(
        ['Atividades.pdf', 'atividades.pdf', 'atividades.PDF', 'leia-me.txt'],
        [README_NAME],
      ),
    ).toEqual(['Atividades.pdf', 'atividades (2).pdf', 'atividades (3).PDF', 'leia-me (2).txt'])
  })

  it('stay within 120 characters, the extension kept', () => {
    const [name] = zipEntryNames([`${'caderno de caligrafia '.repeat(10)}.pdf`])
    expect(name!.length).toBeLessThanOrEqual(120)
    expect(name!.endsWith('.pdf')).toBe(true)
  })
})
