import MiniSearch, { type Query, type QueryCombination } from 'minisearch'
import { stemmer } from '@orama/stemmers/portuguese'
import { stopwords } from '@orama/stopwords/portuguese'
import { foldForSearch } from '../../contracts/catalog-search.js'

/**
 * How the store reads Portuguese words, for the catalogue's search and the BNCC's (decision
 * 035): MiniSearch's inverted index with BM25 ranking, Snowball's Portuguese stemmer (through
 * @orama/stemmers) and Orama's list of Portuguese stop words. What is ours is only how words
 * are cut and compared; the index and the ranking are the library's.
 */

/** Words that say nothing about a material ('de', 'para', 'com'), without accents as compared. */
const STOP_WORDS = new Set(stopwords.map(foldForSearch))

const ORDINAL_STEMS = 'primeir|segund|terceir|quart|quint|sext|setim|oitav|non'
const ORDINAL_NUMBER: Record<string, string> = Object.fromEntries(
  ORDINAL_STEMS.split('|').map((stem, i) => [stem, `${i + 1}`]),
)
/**
 * A school year as teachers write it, in folded text: '4º ano' (folded '4o ano'), '4 ano',
 * 'quarto ano', '1ª série' ('1a serie'), 'primeira série'. A bare number takes only the singular
 * ('5 anos' is an age, as EI materials say it).
 */
const YEAR_PHRASE = new RegExp(
  `\\b(?:([1-9])\\s*(?:[oa°]\\s*(ano|serie)s?|(ano|serie))|(${ORDINAL_STEMS})[oa]s?\\s+(ano|serie)s?)\\b`,
  'g',
)

/** Each year phrase made one word ('ano4', 'serie1'), the same in a product and in a search. */
function withYearWords(folded: string): string {
  return folded.replace(
    YEAR_PHRASE,
    (
      _,
      digit?: string,
      markedKind?: string,
      bareKind?: string,
      ordinal?: string,
      ordinalKind?: string,
    ) => {
      const number = digit ?? ORDINAL_NUMBER[ordinal!]!
      return ` ${markedKind ?? bareKind ?? ordinalKind}${number} `
    },
  )
}

/**
 * Text as words: accents and case aside ('º' and 'ª' read as the letters they are), year
 * phrases as one word, split on anything that is not a letter or a digit.
 */
export function wordsOf(text: string): string[] {
  return withYearWords(foldForSearch(text.normalize('NFKD')))
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/**
 * A word's stem: Snowball leaves the nasal plurals apart from their singulars
 * ('fracoes'/'fracao', 'animais'/'animal'), so those endings are made singular first.
 */
function stemOf(word: string): string {
  const singular =
    word.length > 4 ? word.replace(/oes$/, 'ao').replace(/ais$/, 'al').replace(/eis$/, 'el') : word
  return stemmer(singular)
}

const hasDigit = (word: string) => /\d/.test(word)

/**
 * What the index keeps of a word: nothing of a stop word; a word with digits (codes
 * 'ef03ma09', years 'ano4') as it is; the others as their stem, and in short fields also as
 * written (a typo in an ending, 'psicomotrisidade', changes the stem Snowball cuts, not the
 * word's letters). Long fields keep stems only: as written too, a description's words would
 * take half again the memory for little a name and tags do not already catch.
 */
export function termsOf(word: string, asWritten = true): string | string[] | null {
  if (STOP_WORDS.has(word)) return null
  if (hasDigit(word)) return word
  const stem = stemOf(word)
  return stem === word || !asWritten ? stem : [stem, word]
}

/** A word shaped as a BNCC code or its beginning ('ef03', 'ef03ma', 'ei02ts01'). */
export const isCodeWord = (word: string) => /^e[ifm]\d{1,2}[a-z]{0,3}\d{0,3}$/.test(word)

/** The query's terms are made here, word by word: MiniSearch is not to cut them again. */
const AS_GIVEN = { tokenize: (term: string) => [term], processTerm: (term: string) => term }

/**
 * One word of a search: its stem (plurals and endings aside) or the word as typed (exact
 * scores above a stem's match alone), one typo forgiven in either from four or five letters,
 * never in a code or a year. The word being typed, and a code's beginning, match as prefixes.
 */
function wordQuery(word: string, typing: boolean): QueryCombination {
  const prefix = (typing && word.length >= 3) || isCodeWord(word)
  if (hasDigit(word)) return { ...AS_GIVEN, queries: [word], prefix, fuzzy: false }
  const stem = stemOf(word)
  return {
    ...AS_GIVEN,
    combineWith: 'OR',
    queries: [
      { queries: [stem], prefix, fuzzy: stem.length >= 4 ? 1 : false },
      { queries: [word], prefix: false, fuzzy: word.length >= 5 ? 1 : false },
    ],
  }
}

/** The words of a search that say something, in order. */
const wordsToSeek = (text: string) => wordsOf(text).filter((word) => !STOP_WORDS.has(word))

/**
 * A search word by word (the last is the one being typed): for a search that asks several
 * indexes per word, as the catalogue's does (catalog-index.ts).
 */
export const queriesPerWord = (text: string): QueryCombination[] => {
  const words = wordsToSeek(text)
  return words.map((word, i) => wordQuery(word, i === words.length - 1))
}

/**
 * The store's search in one index: every word must match, in any field (decision 035). Null
 * when no word says anything.
 */
export function everyWord(text: string): Query | null {
  const queries = queriesPerWord(text)
  return queries.length ? { combineWith: 'AND', queries } : null
}

/** A ranking by any of the words (the BNCC's suggestions for a product's text). */
export function anyWord(text: string): Query | null {
  const words = [...new Set(wordsToSeek(text))]
  if (!words.length) return null
  return { combineWith: 'OR', queries: words.map((word) => wordQuery(word, false)) }
}

/**
 * A MiniSearch index over `fields` of documents identified by `id`, reading words as above;
 * words are kept as written too in the `short` fields (all, unless said).
 */
export function createTextIndex<Doc extends { id: number | string }>(
  fields: (keyof Doc & string)[],
  short: (keyof Doc & string)[] = fields,
) {
  const asWritten = new Set<string>(short)
  return new MiniSearch<Doc>({
    fields,
    tokenize: wordsOf,
    processTerm: (word, field) => termsOf(word, field === undefined || asWritten.has(field)),
  })
}
