/** The ZIP's note on the materials it cannot hold (readmeOf). */
export const README_NAME = 'LEIA-ME.txt'

/**
 * The names inside an order's ZIP: each file's own name made safe for every unzipper (no
 * folders, no '..', no characters Windows refuses, at most 120 characters), and unique (two
 * materials may both have 'atividades.pdf': the second is 'atividades (2).pdf'), compared
 * without case since Windows and macOS would overwrite one with the other.
 */
export function zipEntryNames(fileNames: string[], reserved: string[] = []): string[] {
  const taken = new Set(reserved.map((name) => name.toLowerCase()))
  return fileNames.map((raw) => {
    const safe = safeName(raw)
    const dot = safe.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, '']
    let name = safe
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${ext}`
    taken.add(name.toLowerCase())
    return name
  })
}

function safeName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    // Control characters and what Windows refuses in a name.
    .replace(/\p{Cc}|[<>:"|?*]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : ''
  const stem = (ext ? cleaned.slice(0, dot) : cleaned).slice(0, 120 - ext.length)
  return stem ? `${stem}${ext}` : `arquivo${ext}`
}

/**
 * LEIA-ME.txt, when the order has materials the ZIP cannot hold: a Canva template or a
 * material delivered by its link opens from 'Meus materiais', where each opening is checked.
 * Their addresses are not written here: the store's links check her access and count each
 * opening, and a text file, once saved, would do neither.
 */
export function readmeOf(byLink: { name: string; canva: boolean }[]): string {
  return [
    'Alguns materiais deste pedido não são arquivos e por isso não estão neste ZIP:',
    '',
    ...byLink.map(
      (m) => `- ${m.name}: ${m.canva ? 'modelo do Canva' : 'material entregue por link'}`,
    ),
    '',
    "Abra-os em 'Meus materiais', no site da loja.",
    '',
  ].join('\r\n')
}
