import type { BnccIndex, BnccIndexGroup, BnccQuery, BnccSkill } from '../../../contracts/bncc.js'
import {
  BNCC_INDEX_START_MAX,
  BNCC_SEARCH_LIMIT,
  BNCC_SUGGESTIONS,
} from '../../../contracts/bncc.js'
import type { Query } from 'minisearch'
import { anyWord, createTextIndex, everyWord, wordsOf } from '../../lib/text-search.js'
import data from './bncc-dados/bncc.json' with { type: 'json' }
import { ANOS, COMPONENTES, type AnoId, type ComponenteId } from '../../../contracts/school.js'
import { partsOf, type CodeParts } from './bncc-codes.js'

/**
 * The BNCC's 1,580 objectives and skills (bncc-dados/, bncc.dev's tables under CC BY 4.0), held
 * once per process: they change only with a new build.
 */
type Entry = BnccSkill & CodeParts

const entries: Entry[] = (data as [string, string][]).map(([code, text]) => {
  const parts = partsOf(code)
  // scripts/bncc-data.mjs checked every code against its table: a code it let through parses.
  if (!parts) throw new Error(`Código BNCC fora do formato: ${code}`)
  return { code, text, ...parts }
})
const byCode = new Map(entries.map((e) => [e.code, e]))

const skillOf = ({ code, text, anos, componente }: Entry): BnccSkill => ({
  code,
  text,
  anos,
  componente,
})

const labelsOf = (list: readonly { id: string; label: string }[], ids: string[]) =>
  list.filter((item) => ids.includes(item.id)).map((item) => item.label)

interface SkillDoc {
  id: string
  code: string
  text: string
  tags: string
}

/**
 * The skills in the store's search index (lib/text-search.ts): code, official text, and years
 * and component as words ('frações 4º ano' finds EF04MA09). Built once, at the first search;
 * the texts' words are kept as stems only (their memory, at 1,580 texts).
 */
let textIndex: ReturnType<typeof createTextIndex<SkillDoc>> | undefined
function skillIndex() {
  if (!textIndex) {
    textIndex = createTextIndex<SkillDoc>(['code', 'text', 'tags'], ['code', 'tags'])
    textIndex.addAll(
      entries.map((e) => ({
        id: e.code,
        code: e.code,
        text: e.text,
        tags: [...labelsOf(ANOS, e.anos), ...labelsOf(COMPONENTES, [e.componente])].join('\n'),
      })),
    )
  }
  return textIndex
}

/** The entries a query ranks, best first, or null when it has no word to seek. */
function ranked(query: Query | null): Entry[] | null {
  if (!query) return null
  return skillIndex()
    .search(query, { fields: ['text', 'tags'] })
    .map((result) => byCode.get(result.id as string)!)
}

/**
 * The skills one word of a search names by their code or official text, with the index's
 * score: the catalogue finds the materials teaching them (its index keeps no skill text).
 */
export function skillScores(query: Query): Map<string, number> {
  const scores = new Map<string, number>()
  for (const result of skillIndex().search(query, { fields: ['code', 'text'] }))
    scores.set(result.id as string, result.score)
  return scores
}

/** A word that is a code or a code's beginning ('ef03', 'EF03MA', 'ei02ts01'). */
const CODE_PREFIX = /^e[ifm]\d{0,2}[a-z]{0,3}\d{0,3}$/

const narrowedBy =
  (anos: string[], componentes: string[]) =>
  (entry: Entry): boolean =>
    (!anos.length || entry.anos.some((a) => anos.includes(a))) &&
    (!componentes.length || componentes.includes(entry.componente))

/**
 * The skills matching a search, case and accents aside: a word shaped as a code ('ef03ma')
 * must begin the code; every other word must match the text, its year or component, as the
 * catalogue's search matches (plurals, one typo, '4º ano'), best match first. 'em' and 'ei'
 * alone are words of Portuguese too: they are a code only when they are the whole search.
 * The code typed in full comes first and ignores the filters; codes alone follow the BNCC's
 * own order.
 */
export function searchSkills(
  query: Pick<BnccQuery, 'q'> & Partial<BnccQuery>,
  limit = BNCC_SEARCH_LIMIT,
): BnccSkill[] {
  const words = wordsOf(query.q)
  if (!words.length) return []
  const codeWords = words.filter((w) => CODE_PREFIX.test(w) && (/\d/.test(w) || words.length === 1))
  const textWords = words.filter((w) => !codeWords.includes(w))
  const exact = words.length === 1 ? byCode.get(words[0]!.toUpperCase()) : undefined
  const candidates = textWords.length ? (ranked(everyWord(textWords.join(' '))) ?? []) : entries
  const wanted = narrowedBy(query.ano ?? [], query.componente ?? [])
  const found: BnccSkill[] = exact ? [skillOf(exact)] : []
  for (const entry of candidates) {
    if (found.length >= limit) break
    if (entry === exact) continue
    const code = entry.code.toLowerCase()
    if (!codeWords.every((w) => code.startsWith(w))) continue
    if (wanted(entry)) found.push(skillOf(entry))
  }
  return found
}

/**
 * 'Sugestões da BNCC': the skills whose texts best match a product's name and description
 * (any of its words, ranked by the index), within the years and components she chose.
 */
export function suggestSkills(
  product: { text: string; anos: string[]; componentes: string[] },
  limit = BNCC_SUGGESTIONS,
): BnccSkill[] {
  const wanted = narrowedBy(product.anos, product.componentes)
  return (ranked(anyWord(product.text)) ?? []).filter(wanted).slice(0, limit).map(skillOf)
}

/** One skill by its code as the BNCC writes it ('EF03MA09'), or undefined. */
export const skillByCode = (code: string): BnccSkill | undefined => {
  const entry = byCode.get(code)
  return entry && skillOf(entry)
}

/** The first of `codes` the BNCC does not have, or null: the product writes check with it. */
export const unknownCode = (codes: string[]): string | null =>
  codes.find((code) => !byCode.has(code)) ?? null

/** The years and components a list of (known) codes implies, in school order. */
export function impliedBy(codes: string[]): { anos: AnoId[]; componentes: ComponenteId[] } {
  const anos = new Set<AnoId>()
  const componentes = new Set<ComponenteId>()
  for (const code of codes) {
    const entry = byCode.get(code)
    if (!entry) continue
    for (const ano of entry.anos) anos.add(ano)
    componentes.add(entry.componente)
  }
  return { anos: [...anos], componentes: [...componentes] }
}

/** Codes compared as plain ASCII (no locale: the same order on every machine). */
const byCodeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The codes by the years they name and their component, built once: EF15LP01 is one group's
 * (1º ao 5º, LP) and nowhere else, so the index carries each code once and the page places a
 * block under each year it covers. Groups and codes sorted by code: the BNCC's numbering.
 */
const indexGroups: BnccIndexGroup[] = (() => {
  const groups = new Map<string, BnccIndexGroup>()
  for (const entry of [...entries].sort((a, b) => byCodeOrder(a.code, b.code))) {
    const key = `${entry.anos.join(',')} ${entry.componente}`
    const group = groups.get(key)
    if (group) group.codes.push(entry.code)
    else groups.set(key, { anos: entry.anos, componente: entry.componente, codes: [entry.code] })
  }
  return [...groups.values()]
})()

/** The beginning of an official text, cut at a word, for a line under its code. */
export function startOf(text: string, max = BNCC_INDEX_START_MAX): string {
  if (text.length <= max) return text
  const space = text.lastIndexOf(' ', max - 1)
  const cut = text.slice(0, space > max / 2 ? space : max - 1).replace(/[\s,;:.(–-]+$/, '')
  return `${cut}…`
}

/**
 * Every code by years and component, with `materials` (how many on sale teach each code) told
 * for the codes some material teaches, with the start of their text; unknown codes are left out.
 */
export function skillsIndex(materials: ReadonlyMap<string, number>): BnccIndex {
  const taught: BnccIndex['taught'] = {}
  for (const [code, count] of [...materials].sort(([a], [b]) => byCodeOrder(a, b))) {
    const entry = byCode.get(code)
    if (entry && count > 0) taught[code] = { materials: count, start: startOf(entry.text) }
  }
  return { groups: indexGroups, taught }
}

/** The BNCC's reads as the routes and the product writes call them. */
export function createBnccService() {
  return {
    search: (query: BnccQuery) => searchSkills(query),
    suggest: (product: Parameters<typeof suggestSkills>[0]) => suggestSkills(product),
    skillScores,
    /** Builds the skills' index now (bncc.module.ts, once the store serves). */
    warm: () => void skillIndex(),
    skillByCode,
    unknownCode,
    impliedBy,
    skillsIndex,
  }
}

export type BnccService = ReturnType<typeof createBnccService>
