/**
 * Who a material is for, in the store's own short ids: the years and components the BNCC codes
 * imply (modules/bncc/bncc-codes.ts), and the search of the skills is narrowed by.
 */

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

export const SCHOOL_MESSAGES = {
  ano: 'Ano escolar desconhecido',
  componente: 'Componente curricular desconhecido',
} as const

/** Kinds of material, one per product: the filter a teacher narrows by ('só jogos'). */
export const TIPOS = [
  { id: 'atividades', label: 'Atividades para imprimir' },
  { id: 'sequencia-didatica', label: 'Sequência didática' },
  { id: 'plano-de-aula', label: 'Plano de aula' },
  { id: 'jogo', label: 'Jogo' },
  { id: 'cartaz', label: 'Cartaz/mural' },
  { id: 'avaliacao', label: 'Avaliação' },
  { id: 'projeto', label: 'Projeto' },
  { id: 'livro', label: 'Livro' },
  { id: 'planner', label: 'Planner/organizador' },
  { id: 'template', label: 'Template editável' },
  { id: 'relatorio', label: 'Relatório/registro' },
] as const
export type TipoId = (typeof TIPOS)[number]['id']

/** What a material is about beyond its years and components: what the old categories said. */
export const TEMAS = [
  { id: 'alfabetizacao', label: 'Alfabetização' },
  { id: 'datas-comemorativas', label: 'Datas comemorativas' },
  { id: 'educacao-inclusiva', label: 'Educação inclusiva' },
  { id: 'educacao-especial', label: 'Educação especial' },
  { id: 'psicomotricidade', label: 'Psicomotricidade' },
  { id: 'bncc-na-pratica', label: 'BNCC na prática' },
  { id: 'coordenacao-gestao', label: 'Coordenação e gestão' },
  { id: 'formacao-continuada', label: 'Formação continuada' },
  { id: 'recursos-digitais', label: 'Recursos digitais' },
] as const
export type TemaId = (typeof TEMAS)[number]['id']

export const TAG_MESSAGES = {
  tipo: 'Tipo de material desconhecido',
  tema: 'Tema desconhecido',
  paginas: 'Número de páginas inválido: use um número inteiro de 1 a 5000',
  list: 'Lista inválida: envie os valores separados por vírgula',
  bnccFormat: (code: string) => `Código BNCC desconhecido: ${code}`,
} as const

/** Who a material is for and what it is, as a product holds it (all optional but the lists). */
export interface SchoolTags {
  bncc: string[]
  anos: AnoId[]
  componentes: ComponenteId[]
  tipo: TipoId | null
  tema: TemaId | null
}

/**
 * What each of the 22 old categories meant, in the new terms: a year, a component, a kind, or
 * (what is none of these) a theme. A product keeps what its category said (migration 0028, and
 * a new product sent with a category and no tags).
 */
export const CATEGORY_TAGS: Record<string, Partial<Omit<SchoolTags, 'bncc'>>> = {
  educacao_infantil: { anos: ['ei-bebes', 'ei-bem-pequenas', 'ei-pequenas'] },
  ensino_fundamental: { anos: ['1', '2', '3', '4', '5'] },
  alfabetizacao: { componentes: ['LP'], tema: 'alfabetizacao' },
  matematica: { componentes: ['MA'] },
  portugues: { componentes: ['LP'] },
  ciencias: { componentes: ['CI'] },
  historia_geografia: { componentes: ['HI', 'GE'] },
  educacao_inclusiva: { tema: 'educacao-inclusiva' },
  educacao_especial: { tema: 'educacao-especial' },
  datas_comemorativas: { tema: 'datas-comemorativas' },
  planejamento_organizadores: { tipo: 'planner' },
  jogos_recursos_ludicos: { tipo: 'jogo' },
  relatorios_avaliacao: { tipo: 'avaliacao' },
  cartazes_murais: { tipo: 'cartaz' },
  bncc_pratica: { tema: 'bncc-na-pratica' },
  livros_atividades: { tipo: 'atividades' },
  psicomotricidade: { tema: 'psicomotricidade' },
  artes_musica: { componentes: ['AR'] },
  ingles: { componentes: ['LI'] },
  coordenacao_gestao: { tema: 'coordenacao-gestao' },
  formacao_professores: { tema: 'formacao-continuada' },
  recursos_digitais: { tema: 'recursos-digitais' },
}

/** The tags a category alone gives (none for an unknown slug). */
export function tagsOfCategory(slug: string): Omit<SchoolTags, 'bncc'> {
  const tags = CATEGORY_TAGS[slug] ?? {}
  return {
    anos: tags.anos ?? [],
    componentes: tags.componentes ?? [],
    tipo: tags.tipo ?? null,
    tema: tags.tema ?? null,
  }
}

/** Ids in the order of their list (school order), each once. */
const inOrder = <T extends string>(list: readonly { id: T }[], ids: readonly T[]): T[] =>
  list.map((item) => item.id).filter((id) => ids.includes(id))

/**
 * A product's years and components with those its codes imply added, in school order: the one
 * rule every write follows (the product writes, the demo seed).
 */
export function withImplied(
  held: { anos: readonly AnoId[]; componentes: readonly ComponenteId[] },
  implied: { anos: readonly AnoId[]; componentes: readonly ComponenteId[] },
): { anos: AnoId[]; componentes: ComponenteId[] } {
  return {
    anos: inOrder(ANOS, [...held.anos, ...implied.anos]),
    componentes: inOrder(COMPONENTES, [...held.componentes, ...implied.componentes]),
  }
}

const anoOf = (id: AnoId) => ANOS.find((a) => a.id === id)!

/** '3º ano', '1º e 2º anos', '1º ao 5º ano', '1ª a 3ª série'. */
export function yearsLabel(anos: readonly AnoId[]): string {
  const first = anoOf(anos[0]!)
  const last = anoOf(anos[anos.length - 1]!)
  if (anos.length === 1) return first.label
  if (anos.length === 2) return `${first.short} e ${last.label}s`
  return `${first.short} ${first.etapa === 'EM' ? 'a' : 'ao'} ${last.label}`
}

/** A material's line 'Para: 3º ano · Matemática · Jogo · 12 páginas' (the product page). */
export function audienceLine(tags: SchoolTags & { paginas: number | null }): string {
  const parts = [
    ...ANOS.filter((a) => tags.anos.includes(a.id)).map((a) => a.label),
    ...COMPONENTES.filter((c) => tags.componentes.includes(c.id)).map((c) => c.label),
    TIPOS.find((t) => t.id === tags.tipo)?.label,
    tags.paginas ? `${tags.paginas} ${tags.paginas === 1 ? 'página' : 'páginas'}` : undefined,
  ].filter(Boolean)
  return parts.join(' · ')
}

/** The tags a teacher's filters narrow by that a product may lack, in the words the admin reads. */
export const FILTER_TAGS = [
  { key: 'anos', label: 'ano' },
  { key: 'componentes', label: 'componente' },
  { key: 'tipo', label: 'tipo' },
] as const
export type FilterTag = (typeof FILTER_TAGS)[number]['key']

/**
 * Which of year, component and kind a product has none of. Each one missing hides it from the
 * home page's filter of that name, so a product lacking any of the three is 'sem marcação'
 * (the admin's count and the checklist's, server and screen alike).
 */
export function missingTags(p: {
  anos: readonly string[]
  componentes: readonly string[]
  tipo: string | null
}): FilterTag[] {
  return FILTER_TAGS.filter(({ key }) =>
    key === 'tipo' ? p.tipo === null : p[key].length === 0,
  ).map(({ key }) => key)
}

export const needsTags = (p: Parameters<typeof missingTags>[0]) => missingTags(p).length > 0

/** '3 produtos à venda sem ano, componente ou tipo'; null when none is (nothing to say). */
export function untaggedLine(count: number): string | null {
  if (count === 0) return null
  return count === 1
    ? '1 produto à venda sem ano, componente ou tipo'
    : `${count} produtos à venda sem ano, componente ou tipo`
}
