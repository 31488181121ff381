// Builds src/server/modules/bncc/bncc-dados/bncc.json from the BNCC tables of bncc-dev/bncc-dados
// (CC BY 4.0, credit: "bncc.dev (mantido pela Profy)", https://github.com/bncc-dev/bncc-dados):
// each objective or skill as [code, official text], in the order of the tables. The years and the
// component of a code are read from the code itself (bncc/bncc-codes.ts); this script checks
// that what the code says matches the tables' own columns, and refuses to write otherwise.
//
//   node scripts/bncc-data.mjs [folder with the CSVs, default ../shared/data/bncc]
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const source = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'data', 'bncc'))
const out = path.join(root, 'src', 'server', 'modules', 'bncc', 'bncc-dados')

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0])
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}

const read = (name) => parseCsv(readFileSync(path.join(source, name), 'utf8'))

const BLOCKS = { 15: [1, 5], 12: [1, 2], 35: [3, 5], 67: [6, 7], 89: [8, 9], 69: [6, 9] }
function efYears(code) {
  const n = Number(code.slice(2, 4))
  const [from, to] = BLOCKS[n] ?? [n, n]
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
}

const skills = []
const problems = []
for (const row of read('objetivos-ei.csv')) {
  const group = `ei-grupo-${row.codigo.slice(2, 4)}`
  const campo = `ei-campo-${row.codigo.slice(4, 6).toLowerCase()}`
  if (row.grupo_etario !== group || row.campo_experiencias !== campo) problems.push(row.codigo)
  skills.push([row.codigo, row.texto.trim()])
}
for (const row of read('habilidades-ef.csv')) {
  const years = row.anos.split('|').map((y) => y.trim())
  const component = `ef-comp-${row.codigo.slice(4, 6).toLowerCase()}`
  if (years.join() !== efYears(row.codigo).join() || row.componente !== component) {
    problems.push(row.codigo)
  }
  skills.push([row.codigo, row.texto.trim()])
}
const EM_AREAS = { LGG: 'lgg', MAT: 'mat', CNT: 'cnt', CHS: 'chs', LP: 'lgg' }
for (const row of read('habilidades-em.csv')) {
  const letters = /^EM13([A-Z]+)\d+$/.exec(row.codigo)?.[1]
  if (!letters || row.area !== `em-area-${EM_AREAS[letters]}`) problems.push(row.codigo)
  skills.push([row.codigo, row.texto.trim()])
}
if (new Set(skills.map(([code]) => code)).size !== skills.length) problems.push('códigos repetidos')
if (problems.length) {
  console.error(`O código não diz o que as tabelas dizem: ${problems.join(', ')}`)
  process.exit(1)
}

writeFileSync(path.join(out, 'bncc.json'), JSON.stringify(skills) + '\n')
writeFileSync(path.join(out, 'LICENSE.md'), readFileSync(path.join(source, 'LICENSE.md')))
console.log(`${skills.length} objetivos e habilidades em ${path.relative(root, out)}/bncc.json`)
