import type { BnccIndex, BnccQuery, BnccSkill } from '../../../contracts/bncc.js'
import { BNCC_SEARCH_LIMIT } from '../../../contracts/bncc.js'
import { foldForSearch } from '../../../contracts/catalog-search.js'
import { ERROR_FIELD_HEADER } from '../../../contracts/error-field.js'
import {
  anosText,
  COMPONENTES,
  ETAPAS,
  sortAnos,
  sortComponentes,
  unknownCodeMessage,
  type AnoId,
  type ComponenteId,
} from '../../../contracts/school.js'
import { AppError } from '../../errors.js'
import data from './bncc-dados/bncc.json' with { type: 'json' }
import { partsOf, type CodeParts } from './bncc-codes.js'

/**
 * The BNCC's 1,580 objectives and skills (bncc-dados/, bncc.dev's tables under CC BY 4.0), held
 * once per process: they never change while it runs, so these reads are plain functions other
 * modules import (products checks the codes a product carries); `createBnccService` adds what
 * needs the catalogue (the materials teaching each code).
 */
interface Entry extends BnccSkill, CodeParts {
  /** Code and text folded (lowercase, no accents), for the search. */
  folded: string
  /** The code's year segment ('03', '15'): the /bncc page groups by it. */
  block: string
}

const entries: Entry[] = (data as [string, string][]).map(([code, text]) => {
  const parts = partsOf(code)
  // scripts/bncc-data.mjs checked every code against its table: a code it let through parses.
  if (!parts) throw new Error(`Código BNCC fora do formato: ${code}`)
  return {
    code,
    text,
    ...parts,
    folded: foldForSearch(`${code}\n${text}`),
    block: code.slice(2, 4),
  }
})
const byCode = new Map(entries.map((e) => [e.code, e]))

const skillOf = ({ code, text, anos, componente }: Entry): BnccSkill => ({
  code,
  text,
  anos,
  componente,
})

/** The skill of a code in the form the BNCC writes it ('EF03MA09'), if it exists. */
export function findSkill(code: string): BnccSkill | undefined {
  const entry = byCode.get(code)
  return entry && skillOf(entry)
}

/** The skills of codes, in the order given; unknown codes are left out. */
export function skillsOf(codes: readonly string[]): BnccSkill[] {
  return codes.flatMap((code) => {
    const entry = byCode.get(code)
    return entry ? [skillOf(entry)] : []
  })
}

/** Refuses the first code that is not in the BNCC, naming it (the product form shows it under 'bncc'). */
export function checkCodes(codes: readonly string[]): void {
  const unknown = codes.find((code) => !byCode.has(code))
  if (unknown) {
    throw new AppError('bad_request', unknownCodeMessage(unknown), {
      [ERROR_FIELD_HEADER]: 'bncc',
    })
  }
}

/** The years and components the codes imply, in school order (EF03MA09 → 3º ano, Matemática). */
export function impliedBy(codes: readonly string[]): {
  anos: AnoId[]
  componentes: ComponenteId[]
} {
  const found = codes.flatMap((code) => byCode.get(code) ?? [])
  return {
    anos: sortAnos(found.flatMap((e) => e.anos)),
    componentes: sortComponentes(found.map((e) => e.componente)),
  }
}

/**
 * A word without its Portuguese plural or '-ção' ending, so 'frações' finds 'fração' and
 * 'atividades' finds 'atividade' (the picker's search; the catalogue's has its own rules).
 */
function stemOf(word: string): string {
  const stem = word.replace(/(oes|aes|ao|ais|eis|es|s)$/, '')
  return stem.length >= 4 ? stem : word
}

/** A word that is a code or a code's beginning ('ef03', 'EF03MA', 'ei02ts01'). */
const CODE_PREFIX = /^e[ifm]\d{0,2}[a-z]{0,3}\d{0,3}$/

/**
 * The skills matching a search, case and accents aside: every word must be in the code or the
 * text (plural endings aside), and a word shaped as a code ('ef03ma') must begin the code. 'em' and 'ei' alone are
 * words of Portuguese too: they are a code only when they are the whole search. The code typed
 * in full comes first and ignores the filters; the rest follow the BNCC's own order.
 */
export function searchSkills(
  query: Pick<BnccQuery, 'q'> & Partial<BnccQuery>,
  limit = BNCC_SEARCH_LIMIT,
): BnccSkill[] {
  const words = foldForSearch(query.q)
    .split(/[\s,;.:()"'!?]+/)
    .filter(Boolean)
  if (!words.length) return []
  const codeWords = words.filter((w) => CODE_PREFIX.test(w) && (/\d/.test(w) || words.length === 1))
  const textWords = words.filter((w) => !codeWords.includes(w)).map(stemOf)
  const anos = query.ano ?? []
  const componentes = query.componente ?? []
  const exact = words.length === 1 ? byCode.get(words[0]!.toUpperCase()) : undefined
  const found: BnccSkill[] = exact ? [skillOf(exact)] : []
  for (const entry of entries) {
    if (found.length >= limit) break
    if (entry === exact) continue
    const code = entry.code.toLowerCase()
    if (!codeWords.every((w) => code.startsWith(w))) continue
    if (!textWords.every((w) => entry.folded.includes(w))) continue
    if (anos.length && !entry.anos.some((a) => anos.includes(a))) continue
    if (componentes.length && !componentes.includes(entry.componente)) continue
    found.push(skillOf(entry))
  }
  return found
}

/**
 * The /bncc page: the stages, their components, and each component's codes grouped by the
 * years they name ('3º ano', '1º ao 5º ano'), each with its count of materials on sale.
 */
export function bnccIndex(products: ReadonlyMap<string, number>): BnccIndex {
  return ETAPAS.map((etapa) => {
    const ofEtapa = entries.filter((e) => e.etapa === etapa.id)
    const componentes = COMPONENTES.flatMap((componente) => {
      const ofComponente = ofEtapa.filter((e) => e.componente === componente.id)
      if (!ofComponente.length) return []
      const blocks = new Map<string, Entry[]>()
      for (const entry of ofComponente) {
        const list = blocks.get(entry.block) ?? []
        list.push(entry)
        blocks.set(entry.block, list)
      }
      // A year before the blocks that begin with it: 1º, 1º e 2º, 1º ao 5º, 2º...
      const groups = [...blocks.values()].sort(
        (a, b) =>
          Number(a[0]!.anos[0]!.replace(/\D/g, '') || 0) -
            Number(b[0]!.anos[0]!.replace(/\D/g, '') || 0) || a[0]!.anos.length - b[0]!.anos.length,
      )
      return [
        {
          id: componente.id,
          label: componente.label,
          groups: groups.map((list) => ({
            label: anosText(list[0]!.anos),
            codes: list.map((e) => ({ code: e.code, products: products.get(e.code) ?? 0 })),
          })),
        },
      ]
    })
    return { id: etapa.id, label: etapa.label, componentes }
  })
}

/** The BNCC's reads as the routes call them. */
export function createBnccService() {
  return {
    search: (query: BnccQuery) => searchSkills(query),
  }
}

export type BnccService = ReturnType<typeof createBnccService>
