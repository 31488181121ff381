/**
 * The store's one list of categories. The older screens sent three different shapes (two slug
 * lists and an uppercase label list, SPEC.md section 3); every one of them maps onto this list,
 * so any shape is accepted on input and the slug is what is stored and answered.
 */
export const CATEGORIES = [
  { slug: 'educacao_infantil', label: 'Educação Infantil', emoji: '🧸' },
  { slug: 'ensino_fundamental', label: 'Ensino Fundamental Anos Iniciais', emoji: '🎒' },
  { slug: 'alfabetizacao', label: 'Alfabetização', emoji: '🔤' },
  { slug: 'matematica', label: 'Matemática', emoji: '🔢' },
  { slug: 'portugues', label: 'Português', emoji: '📖' },
  { slug: 'ciencias', label: 'Ciências', emoji: '🔬' },
  { slug: 'historia_geografia', label: 'História e Geografia', emoji: '🌎' },
  { slug: 'educacao_inclusiva', label: 'Educação Inclusiva', emoji: '🤝' },
  { slug: 'educacao_especial', label: 'Educação Especial', emoji: '💙' },
  { slug: 'datas_comemorativas', label: 'Datas Comemorativas', emoji: '🎉' },
  { slug: 'planejamento_organizadores', label: 'Planejamento e Organizadores', emoji: '🗓️' },
  { slug: 'jogos_recursos_ludicos', label: 'Jogos e Recursos Lúdicos', emoji: '🎲' },
  { slug: 'relatorios_avaliacao', label: 'Relatórios e Avaliação', emoji: '📝' },
  { slug: 'cartazes_murais', label: 'Cartazes e Murais', emoji: '🖼️' },
  { slug: 'bncc_pratica', label: 'BNCC na Prática', emoji: '📚' },
  { slug: 'livros_atividades', label: 'Livros e Atividades para Imprimir', emoji: '🖨️' },
  { slug: 'psicomotricidade', label: 'Psicomotricidade', emoji: '🤸' },
  { slug: 'artes_musica', label: 'Artes e Música', emoji: '🎨' },
  { slug: 'ingles', label: 'Inglês', emoji: '🇬🇧' },
  { slug: 'coordenacao_gestao', label: 'Coordenação e Gestão', emoji: '📋' },
  { slug: 'formacao_professores', label: 'Formação Continuada', emoji: '🎓' },
  { slug: 'recursos_digitais', label: 'Recursos Digitais', emoji: '💻' },
] as const

export type CategorySlug = (typeof CATEGORIES)[number]['slug']
export type Category = (typeof CATEGORIES)[number]

/** Lowercase, accents stripped, every run of other characters turned into one underscore. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
}

/** Old names that are not a canonical slug nor a normalised label. */
const ALIASES: Record<string, CategorySlug> = {
  planejamento: 'planejamento_organizadores',
  jogos_recursos: 'jogos_recursos_ludicos',
  relatorios: 'relatorios_avaliacao',
  cartazes: 'cartazes_murais',
  bncc: 'bncc_pratica',
  livros: 'livros_atividades',
  formacao_continuada: 'formacao_professores',
}

const BY_KEY = new Map<string, Category>()
for (const category of CATEGORIES) {
  BY_KEY.set(category.slug, category)
  BY_KEY.set(normalise(category.label), category)
}
for (const [alias, slug] of Object.entries(ALIASES)) {
  BY_KEY.set(
    alias,
    CATEGORIES.find((c) => c.slug === slug)!,
  )
}

/** Any of the three shapes ('matematica', 'MATEMÁTICA', 'bncc') -> the canonical category. */
export function findCategory(input: string | null | undefined): Category | undefined {
  if (!input) return undefined
  return BY_KEY.get(normalise(input))
}

/** The category to show for a stored slug; an unknown one still shows, with a neutral emoji. */
export function categoryOf(slug: string): { slug: string; label: string; emoji: string } {
  return findCategory(slug) ?? { slug, label: slug, emoji: '📁' }
}
