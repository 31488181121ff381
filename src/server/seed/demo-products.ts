import type { CategorySlug } from '../../contracts/categories.js'
import type { SchoolTags } from '../../contracts/school.js'

export interface DemoProduct {
  /** Kebab-case; names the PDF the buyer downloads and keys its printable content. */
  slug: string
  name: string
  description: string
  category: CategorySlug
  priceCents: number
  /** Days before the seed ran that it "was published": distinct, so newest-first is stable. */
  daysAgo: number
  canva?: { templateId: string; link: string }
  /** Gallery images after the cover, drawn from the PDF's practice pages. */
  withPreviews?: boolean
  /**
   * Who it is for, beyond what its category means (school.ts CATEGORY_TAGS): real BNCC codes,
   * whose years and components the seed adds as a product write does.
   */
  tags?: Partial<SchoolTags>
}

/** The demo shop window; free ones are those priced 0. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'kit-alfabetizacao-divertida',
    name: 'Kit Alfabetização Divertida — 120 atividades',
    description:
      'Atividades lúdicas para apresentar letras, sílabas e primeiras palavras.\nInclui traçado, fichas de leitura e caça-palavras com ilustrações para colorir. Ideal para o 1º ano e para o reforço escolar.',
    category: 'alfabetizacao',
    tags: { bncc: ['EF01LP02', 'EF01LP06', 'EF01LP10'], tipo: 'atividades' },
    priceCents: 2990,
    daysAgo: 2,
    withPreviews: true,
  },
  {
    slug: 'planner-do-professor-2026',
    name: 'Planner do Professor 2026',
    description:
      'Organize o ano letivo inteiro em um só lugar: calendário, planejamento semanal, frequência e registro de reuniões. Páginas pensadas para imprimir em A4 ou usar no tablet.',
    category: 'planejamento_organizadores',
    priceCents: 3490,
    daysAgo: 4,
    withPreviews: true,
  },
  {
    slug: 'cartazes-de-boas-vindas',
    name: 'Cartazes de Boas-Vindas',
    description:
      'Modelo editável no Canva para receber a turma no primeiro dia de aula. Troque nomes, cores e frases em poucos minutos e imprima em A3 ou A4.\nO PDF traz a versão pronta para imprimir.',
    category: 'cartazes_murais',
    tags: { bncc: ['EI03EO04'] },
    priceCents: 1490,
    daysAgo: 6,
    canva: { templateId: 'DAF-demo', link: 'https://www.canva.com/design/DAF-demo/view' },
  },
  {
    slug: 'jogo-da-memoria-das-silabas',
    name: 'Jogo da Memória das Sílabas',
    description:
      'Quarenta cartas com sílabas simples e complexas para jogar em duplas ou em pequenos grupos. Recorte, plastifique e use de novo o ano inteiro.',
    category: 'jogos_recursos_ludicos',
    tags: { bncc: ['EF01LP06', 'EF01LP08', 'EF01LP13'] },
    priceCents: 1990,
    daysAgo: 9,
  },
  {
    slug: 'avaliacao-diagnostica-de-matematica-3-ano',
    name: 'Avaliação Diagnóstica de Matemática 3º ano',
    description:
      'Prova diagnóstica alinhada à BNCC para o início do ano: números, operações, grandezas e medidas. Acompanha gabarito e uma tabela para registrar o resultado de cada aluno.',
    category: 'matematica',
    tags: { bncc: ['EF03MA01', 'EF03MA03'], tipo: 'avaliacao' },
    priceCents: 2490,
    daysAgo: 12,
  },
  {
    slug: 'calendario-de-datas-comemorativas',
    name: 'Calendário de Datas Comemorativas',
    description:
      'As datas do calendário escolar brasileiro, mês a mês, com uma sugestão de atividade para cada uma. Material gratuito para planejar o ano com antecedência.',
    category: 'datas_comemorativas',
    tags: { bncc: ['EF01HI08'] },
    priceCents: 0,
    daysAgo: 15,
  },
  {
    slug: 'atividades-de-psicomotricidade',
    name: 'Atividades de Psicomotricidade',
    description:
      'Circuitos, traçados e brincadeiras que desenvolvem a coordenação motora fina e ampla. Cada atividade traz objetivo, materiais e passo a passo.',
    category: 'psicomotricidade',
    tags: { bncc: ['EI03CG02', 'EI03CG05'], tipo: 'atividades' },
    priceCents: 1790,
    daysAgo: 18,
  },
  {
    slug: 'ingles-para-criancas-cores-e-numeros',
    name: 'Inglês para Crianças: Cores e Números',
    description:
      'Flashcards e atividades para apresentar as cores e os números de 1 a 10 em inglês. Inclui pronúncia simplificada para ajudar o professor.',
    category: 'ingles',
    tags: { anos: ['1', '2', '3'], tipo: 'atividades' },
    priceCents: 1290,
    daysAgo: 21,
  },
  {
    slug: 'relatorios-descritivos-educacao-infantil',
    name: 'Relatórios Descritivos Educação Infantil',
    description:
      'Mais de 200 parágrafos prontos, organizados pelos campos de experiência da BNCC.\nAdapte ao desenvolvimento de cada criança e economize horas no fechamento do semestre.',
    category: 'relatorios_avaliacao',
    tags: { anos: ['ei-pequenas'], tipo: 'relatorio' },
    priceCents: 4990,
    daysAgo: 24,
    withPreviews: true,
  },
  {
    slug: 'sequencia-didatica-ciencias-ciclo-da-agua',
    name: 'Sequência Didática Ciências: Ciclo da Água',
    description:
      'Cinco aulas sobre evaporação, condensação e precipitação, com experimentos simples de fazer em sala. Inclui ficha de registro das observações e avaliação final.',
    category: 'ciencias',
    tags: { bncc: ['EF05CI02'], tipo: 'sequencia-didatica' },
    priceCents: 2290,
    daysAgo: 28,
  },
  {
    slug: 'caderno-de-caligrafia',
    name: 'Caderno de Caligrafia',
    description:
      'Folhas pautadas com palavras para cobrir e copiar, do traçado à letra cursiva. Gratuito para experimentar com a turma.',
    category: 'portugues',
    tags: { bncc: ['EF01LP02', 'EF01LP04'], tipo: 'atividades' },
    priceCents: 0,
    daysAgo: 32,
  },
  {
    slug: 'regioes-do-brasil-estados-e-capitais',
    name: 'Regiões do Brasil: Estados e Capitais',
    description:
      'Mapas para colorir e tabelas para completar com os estados e as capitais de cada região. Um jogo de perguntas fecha a sequência.',
    category: 'historia_geografia',
    tags: { bncc: ['EF04GE05'], tipo: 'atividades' },
    priceCents: 990,
    daysAgo: 36,
  },
]
