import { z } from 'zod'
import type { CategorySlug } from './categories.js'

/**
 * Who a material is for and what it is, in the store's own short ids: the ones products store,
 * the addresses and the filters use, and the BNCC codes imply (modules/bncc/bncc-codes.ts).
 */

export const ETAPAS = [
  { id: 'EI', label: 'Educação Infantil' },
  { id: 'EF', label: 'Ensino Fundamental' },
  { id: 'EM', label: 'Ensino Médio' },
] as const
export type EtapaId = (typeof ETAPAS)[number]['id']

/** The EI age groups (`short`: their ages), the EF years and the EM séries, in school order. */
export const ANOS = [
  { id: 'ei-bebes', etapa: 'EI', label: 'Bebês', short: '0 a 1 ano e 6 meses' },
  {
    id: 'ei-bem-pequenas',
    etapa: 'EI',
    label: 'Crianças bem pequenas',
    short: '1 ano e 7 meses a 3 anos e 11 meses',
  },
  { id: 'ei-pequenas', etapa: 'EI', label: 'Crianças pequenas', short: '4 a 5 anos e 11 meses' },
  { id: '1', etapa: 'EF', label: '1º ano', short: '1º' },
  { id: '2', etapa: 'EF', label: '2º ano', short: '2º' },
  { id: '3', etapa: 'EF', label: '3º ano', short: '3º' },
  { id: '4', etapa: 'EF', label: '4º ano', short: '4º' },
  { id: '5', etapa: 'EF', label: '5º ano', short: '5º' },
  { id: '6', etapa: 'EF', label: '6º ano', short: '6º' },
  { id: '7', etapa: 'EF', label: '7º ano', short: '7º' },
  { id: '8', etapa: 'EF', label: '8º ano', short: '8º' },
  { id: '9', etapa: 'EF', label: '9º ano', short: '9º' },
  { id: 'em-1', etapa: 'EM', label: '1ª série', short: '1ª' },
  { id: 'em-2', etapa: 'EM', label: '2ª série', short: '2ª' },
  { id: 'em-3', etapa: 'EM', label: '3ª série', short: '3ª' },
] as const
export type AnoId = (typeof ANOS)[number]['id']

/**
 * EI campos de experiências (prefixed: the code's 'EF' campo is not Educação Física), EF
 * components as the codes spell them, and EM: its areas (the codes of EM13LGG…, EM13CNT…,
 * EM13CHS…), Língua Portuguesa and Matemática (EM13LP…, EM13MAT…) and the components the BNCC
 * gives no skills of their own, so a material can still say it is for Física.
 */
export const COMPONENTES = [
  { id: 'EI-EO', etapas: ['EI'], label: 'O eu, o outro e o nós' },
  { id: 'EI-CG', etapas: ['EI'], label: 'Corpo, gestos e movimentos' },
  { id: 'EI-TS', etapas: ['EI'], label: 'Traços, sons, cores e formas' },
  { id: 'EI-EF', etapas: ['EI'], label: 'Escuta, fala, pensamento e imaginação' },
  {
    id: 'EI-ET',
    etapas: ['EI'],
    label: 'Espaços, tempos, quantidades, relações e transformações',
  },
  { id: 'LP', etapas: ['EF', 'EM'], label: 'Língua Portuguesa' },
  { id: 'MA', etapas: ['EF', 'EM'], label: 'Matemática' },
  { id: 'CI', etapas: ['EF'], label: 'Ciências' },
  { id: 'HI', etapas: ['EF', 'EM'], label: 'História' },
  { id: 'GE', etapas: ['EF', 'EM'], label: 'Geografia' },
  { id: 'AR', etapas: ['EF', 'EM'], label: 'Arte' },
  { id: 'EF', etapas: ['EF', 'EM'], label: 'Educação Física' },
  { id: 'LI', etapas: ['EF', 'EM'], label: 'Língua Inglesa' },
  { id: 'ER', etapas: ['EF'], label: 'Ensino Religioso' },
  { id: 'LGG', etapas: ['EM'], label: 'Linguagens e suas Tecnologias' },
  { id: 'CNT', etapas: ['EM'], label: 'Ciências da Natureza e suas Tecnologias' },
  { id: 'CHS', etapas: ['EM'], label: 'Ciências Humanas e Sociais Aplicadas' },
  { id: 'BIO', etapas: ['EM'], label: 'Biologia' },
  { id: 'FIS', etapas: ['EM'], label: 'Física' },
  { id: 'QUI', etapas: ['EM'], label: 'Química' },
  { id: 'FIL', etapas: ['EM'], label: 'Filosofia' },
  { id: 'SOC', etapas: ['EM'], label: 'Sociologia' },
] as const
export type ComponenteId = (typeof COMPONENTES)[number]['id']

/** The kinds of material, one per product. */
export const TIPOS = [
  { id: 'atividades', label: 'Atividades para imprimir' },
  { id: 'sequencia-didatica', label: 'Sequência didática' },
  { id: 'plano-de-aula', label: 'Plano de aula' },
  { id: 'jogo', label: 'Jogo' },
  { id: 'cartaz-mural', label: 'Cartaz e mural' },
  { id: 'avaliacao', label: 'Avaliação e relatório' },
  { id: 'projeto', label: 'Projeto' },
  { id: 'livro', label: 'Livro' },
  { id: 'planner', label: 'Planner e organizador' },
  { id: 'template-editavel', label: 'Template editável' },
  { id: 'recurso-digital', label: 'Recurso digital' },
] as const
export type TipoId = (typeof TIPOS)[number]['id']

/** What the old categories said that is no year, component nor kind. */
export const TEMAS = [
  { id: 'alfabetizacao', label: 'Alfabetização' },
  { id: 'educacao-inclusiva', label: 'Educação inclusiva' },
  { id: 'educacao-especial', label: 'Educação especial' },
  { id: 'datas-comemorativas', label: 'Datas comemorativas' },
  { id: 'bncc-na-pratica', label: 'BNCC na prática' },
  { id: 'psicomotricidade', label: 'Psicomotricidade' },
  { id: 'coordenacao-gestao', label: 'Coordenação e gestão' },
  { id: 'formacao-continuada', label: 'Formação continuada' },
] as const
export type TemaId = (typeof TEMAS)[number]['id']

export interface SchoolFields {
  anos: AnoId[]
  componentes: ComponenteId[]
  tipo: TipoId | null
  tema: TemaId | null
}

const EI_ANOS: AnoId[] = ['ei-bebes', 'ei-bem-pequenas', 'ei-pequenas']
const none: SchoolFields = { anos: [], componentes: [], tipo: null, tema: null }

/**
 * What each of the 22 old categories said, in the new fields (the migration
 * product_school_fields wrote the same into every product: school.test.ts compares them).
 */
export const CATEGORY_SCHOOL_FIELDS: Record<CategorySlug, SchoolFields> = {
  educacao_infantil: { ...none, anos: EI_ANOS },
  ensino_fundamental: { ...none, anos: ['1', '2', '3', '4', '5'] },
  alfabetizacao: { ...none, componentes: ['LP'], tema: 'alfabetizacao' },
  matematica: { ...none, componentes: ['MA'] },
  portugues: { ...none, componentes: ['LP'] },
  ciencias: { ...none, componentes: ['CI'] },
  historia_geografia: { ...none, componentes: ['HI', 'GE'] },
  educacao_inclusiva: { ...none, tema: 'educacao-inclusiva' },
  educacao_especial: { ...none, tema: 'educacao-especial' },
  datas_comemorativas: { ...none, tema: 'datas-comemorativas' },
  planejamento_organizadores: { ...none, tipo: 'planner' },
  jogos_recursos_ludicos: { ...none, tipo: 'jogo' },
  relatorios_avaliacao: { ...none, tipo: 'avaliacao' },
  cartazes_murais: { ...none, tipo: 'cartaz-mural' },
  bncc_pratica: { ...none, tema: 'bncc-na-pratica' },
  livros_atividades: { ...none, tipo: 'atividades' },
  psicomotricidade: { ...none, tema: 'psicomotricidade' },
  artes_musica: { ...none, componentes: ['AR'] },
  ingles: { ...none, componentes: ['LI'] },
  coordenacao_gestao: { ...none, tema: 'coordenacao-gestao' },
  formacao_professores: { ...none, tema: 'formacao-continuada' },
  recursos_digitais: { ...none, tipo: 'recurso-digital' },
}

const labels = <T extends { id: string; label: string }>(list: readonly T[]) =>
  new Map<string, string>(list.map((item) => [item.id, item.label]))
const ANO_LABELS = labels(ANOS)
const COMPONENTE_LABELS = labels(COMPONENTES)
const TIPO_LABELS = labels(TIPOS)
const TEMA_LABELS = labels(TEMAS)

export const anoLabel = (id: string) => ANO_LABELS.get(id) ?? id
export const componenteLabel = (id: string) => COMPONENTE_LABELS.get(id) ?? id
export const tipoLabel = (id: string) => TIPO_LABELS.get(id) ?? id
export const temaLabel = (id: string) => TEMA_LABELS.get(id) ?? id

const ANO_ORDER = new Map<string, number>(ANOS.map((a, i) => [a.id, i]))
const COMPONENTE_ORDER = new Map<string, number>(COMPONENTES.map((c, i) => [c.id, i]))
/** Years in school order, once each. */
export const sortAnos = <T extends string>(ids: Iterable<T>): T[] =>
  [...new Set(ids)].sort((a, b) => (ANO_ORDER.get(a) ?? 99) - (ANO_ORDER.get(b) ?? 99))
export const sortComponentes = <T extends string>(ids: Iterable<T>): T[] =>
  [...new Set(ids)].sort(
    (a, b) => (COMPONENTE_ORDER.get(a) ?? 99) - (COMPONENTE_ORDER.get(b) ?? 99),
  )

/**
 * Years as a teacher says them: '3º ano', '1º ao 5º ano', '3º e 5º ano', '1ª à 3ª série',
 * 'Crianças pequenas'; several stages joined by ', '.
 */
export function anosText(ids: readonly string[]): string {
  const sorted = sortAnos(ids)
  const parts: string[] = []
  for (const etapa of ['EI', 'EF', 'EM'] as const) {
    const mine = ANOS.filter((a) => a.etapa === etapa && sorted.includes(a.id))
    if (!mine.length) continue
    if (etapa === 'EI') {
      parts.push(mine.length === 3 ? 'Educação Infantil' : mine.map((a) => a.label).join(' e '))
      continue
    }
    const noun = etapa === 'EF' ? 'ano' : 'série'
    const positions = mine.map((a) => ANOS.findIndex((b) => b.id === a.id))
    const consecutive = positions.every((p, i) => i === 0 || p === positions[i - 1]! + 1)
    const first = mine[0]!.short
    const last = mine[mine.length - 1]!.short
    if (mine.length === 1) parts.push(mine[0]!.label)
    else if (consecutive && mine.length > 2) {
      parts.push(`${first} ${etapa === 'EF' ? 'ao' : 'à'} ${last} ${noun}`)
    } else {
      const shorts = mine.map((a) => a.short)
      parts.push(`${shorts.slice(0, -1).join(', ')} e ${last} ${noun}`)
    }
  }
  return parts.join(', ')
}

/** 'Para: 3º ano · Matemática · Jogo · 12 páginas'; null when the product says none of it. */
export function audienceLine(p: {
  anos: readonly string[]
  componentes: readonly string[]
  tipo: string | null
  paginas: number | null
}): string | null {
  const parts = [
    anosText(p.anos),
    sortComponentes(p.componentes).map(componenteLabel).join(', '),
    p.tipo ? tipoLabel(p.tipo) : '',
    p.paginas ? `${p.paginas} ${p.paginas === 1 ? 'página' : 'páginas'}` : '',
  ].filter(Boolean)
  return parts.length ? `Para: ${parts.join(' · ')}` : null
}

export const SCHOOL_MESSAGES = {
  ano: 'Ano escolar desconhecido',
  componente: 'Componente curricular desconhecido',
  tipo: 'Tipo de material desconhecido',
  tema: 'Tema desconhecido',
  paginas: 'Número de páginas inválido: use um número inteiro de 1 a 100000',
  tooMany: 'Lista longa demais',
} as const

const ids = <T extends string>(list: readonly { id: T }[]) =>
  list.map((item) => item.id) as [T, ...T[]]

export const AnoIdSchema = z.enum(ids(ANOS), { error: SCHOOL_MESSAGES.ano })
export const ComponenteIdSchema = z.enum(ids(COMPONENTES), { error: SCHOOL_MESSAGES.componente })
export const TipoIdSchema = z.enum(ids(TIPOS), { error: SCHOOL_MESSAGES.tipo })
export const TemaIdSchema = z.enum(ids(TEMAS), { error: SCHOOL_MESSAGES.tema })

// BNCC codes as products carry them (contracts/bncc.ts answers the skills themselves).

/** Codes a product may carry. */
export const BNCC_CODES_MAX = 50

export const unknownCodeMessage = (code: string) => `Código BNCC desconhecido: ${code}`

/** A code as typed ('ef03ma09 ') in the form the BNCC writes it ('EF03MA09'). */
export const normaliseCode = (code: string) => code.trim().toUpperCase()

/** The shape of every BNCC code (EI01EO01, EF15LP01, EM13LGG103, EM13LP01); the list says which exist. */
export const BNCC_CODE_SHAPE = /^E[IFM]\d{2}[A-Z]{2,3}\d{2,3}$/

/** The codes a product carries, as a list (JSON) or JSON text / comma-separated (multipart). */
export const BnccCodes = z
  .union([z.array(z.string()), z.string()])
  .transform((v, ctx): string[] => {
    let list: unknown = v
    if (typeof v === 'string') {
      const raw = v.trim()
      if (raw.startsWith('[')) {
        try {
          list = JSON.parse(raw)
        } catch {
          list = null
        }
      } else list = raw === '' ? [] : raw.split(',')
    }
    if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) {
      ctx.addIssue({ code: 'custom', message: 'Lista de códigos BNCC inválida' })
      return z.NEVER
    }
    const codes = [...new Set(list.map(normaliseCode).filter(Boolean))]
    if (codes.length > BNCC_CODES_MAX) {
      ctx.addIssue({ code: 'custom', message: `No máximo ${BNCC_CODES_MAX} códigos BNCC` })
      return z.NEVER
    }
    const malformed = codes.find((c) => !BNCC_CODE_SHAPE.test(c))
    if (malformed) {
      ctx.addIssue({ code: 'custom', message: unknownCodeMessage(malformed) })
      return z.NEVER
    }
    return codes
  })
