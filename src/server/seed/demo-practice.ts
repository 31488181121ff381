/** One page of exercises in a demo PDF; the same shape also draws the gallery previews. */
export type Practice =
  | { kind: 'tracing'; title: string; items: string[] }
  | { kind: 'cards'; title: string; items: string[] }
  | { kind: 'table'; title: string; columns: string[]; rows: string[][] }
  | { kind: 'lines'; title: string; prompts: string[] }
  | { kind: 'paths'; title: string; items: PathShape[] }

/** Dashed strokes a child follows with the pencil (fine-motor practice). */
export type PathShape = 'zigzag' | 'wave' | 'loops' | 'steps'

/** Each shape as SVG path data from (0, 0), 600 units wide, y down: shared by previews and PDFs. */
export const PATH_DATA: Record<PathShape, string> = {
  zigzag: 'M0 0' + ' l60 -50 l60 50'.repeat(5),
  wave: 'M0 0 q30 -60 60 0' + ' t60 0'.repeat(9),
  loops: 'M0 0' + ' c40 -90 80 -30 40 0 c-20 20 40 10 60 0'.repeat(6),
  steps: 'M0 0' + ' v-50 h60 v50 h60'.repeat(5),
}

export interface PracticeSet {
  /** One or two pages after the PDF's opening page: every demo PDF has 2-3 pages. */
  pages: [Practice] | [Practice, Practice]
  /** Delivered as a second file, as real assessments are. */
  answerKey?: Practice
}

// Compact builders: the content reads like the printed page instead of nested literals.
const words = (text: string) => text.split(' ')
const tracing = (title: string, items: string): Practice => ({
  kind: 'tracing',
  title,
  items: words(items),
})
const cards = (title: string, items: string): Practice => ({
  kind: 'cards',
  title,
  items: words(items),
})
const lines = (title: string, ...prompts: string[]): Practice => ({ kind: 'lines', title, prompts })
/** Columns and rows separated by '|'; cells left out are blanks for the pupil to fill. */
const table = (title: string, columns: string, rows: string[]): Practice => ({
  kind: 'table',
  title,
  columns: columns.split('|'),
  rows: rows.map((row) => row.split('|')),
})

const DIAGNOSTIC = ['1|125 + 38', '2|240 - 115', '3|6 × 4', '4|36 ÷ 3', '5|Metade de 90']

/** Printable content by product slug. */
export const DEMO_PRACTICE: Record<string, PracticeSet> = {
  'kit-alfabetizacao-divertida': {
    pages: [
      tracing('Cubra as letras do alfabeto', 'Aa Bb Cc Dd Ee Ff Gg Hh'),
      cards('Fichas de leitura', 'BOLA CASA DADO FACA GATO PATO SAPO VACA'),
    ],
  },
  'planner-do-professor-2026': {
    pages: [
      table(
        'Planejamento semanal',
        'Horário|Segunda|Terça|Quarta|Quinta|Sexta',
        words('7h30 8h20 9h10 Recreio 10h20 11h10'),
      ),
      lines('Metas do bimestre', 'Objetivos da turma', 'Projetos', 'Lembretes'),
    ],
  },
  'cartazes-de-boas-vindas': {
    pages: [cards('Letreiro para o mural', 'B E M V I N D O S !')],
  },
  'jogo-da-memoria-das-silabas': {
    pages: [cards('Cartas para recortar', 'BA BE BI BO BU CA CO CU LHA NHO ÇÃO PRA')],
  },
  'avaliacao-diagnostica-de-matematica-3-ano': {
    pages: [
      table('Resolva as operações', 'Questão|Conta|Resposta', DIAGNOSTIC),
      lines(
        'Situações-problema',
        'Ana tinha 48 figurinhas e ganhou 25. Quantas figurinhas ela tem agora?',
        'Uma caixa tem 6 ovos. Quantos ovos há em 5 caixas?',
      ),
    ],
    answerKey: table(
      'Gabarito',
      'Questão|Conta|Resposta',
      DIAGNOSTIC.map((row, i) => `${row}|${[163, 125, 24, 12, 45][i]}`),
    ),
  },
  'calendario-de-datas-comemorativas': {
    pages: [
      table('Datas do primeiro semestre', 'Data|Comemoração|Ideia de atividade', [
        '8 de março|Dia Internacional da Mulher|Mural de mulheres inspiradoras',
        '22 de março|Dia Mundial da Água|Experiência do ciclo da água',
        '19 de abril|Dia dos Povos Indígenas|Roda de histórias',
        '5 de junho|Dia do Meio Ambiente|Horta na escola',
        '24 de junho|Festa Junina|Quadrilha e comidas típicas',
      ]),
    ],
  },
  'atividades-de-psicomotricidade': {
    pages: [
      {
        kind: 'paths',
        title: 'Siga o caminho com o lápis',
        items: ['zigzag', 'wave', 'loops', 'steps'],
      },
      lines(
        'Circuito motor',
        'Estação 1: amarelinha',
        'Estação 2: equilíbrio na linha',
        'Estação 3: arremesso ao alvo',
      ),
    ],
  },
  'ingles-para-criancas-cores-e-numeros': {
    pages: [
      cards('Flashcards: colors', 'RED BLUE GREEN YELLOW PINK ORANGE'),
      tracing('Write the numbers', 'one two three four five'),
    ],
  },
  'relatorios-descritivos-educacao-infantil': {
    pages: [
      lines('O eu, o outro e o nós', 'Interação com os colegas', 'Autonomia nas rotinas'),
      lines('Corpo, gestos e movimentos', 'Coordenação motora', 'Expressão corporal'),
    ],
  },
  'sequencia-didatica-ciencias-ciclo-da-agua': {
    pages: [
      lines(
        'Registro do experimento',
        'O que vamos observar?',
        'O que aconteceu com a água?',
        'Conclusão',
      ),
      cards('Etapas do ciclo', 'EVAPORAÇÃO CONDENSAÇÃO PRECIPITAÇÃO INFILTRAÇÃO'),
    ],
  },
  'caderno-de-caligrafia': {
    pages: [tracing('Cubra e copie', 'maçã pão coração leão pé')],
  },
  'regioes-do-brasil-estados-e-capitais': {
    pages: [
      table(
        'Complete a tabela',
        'Estado|Sigla|Capital|Região',
        words('Bahia|BA Paraná|PR Amazonas|AM Goiás|GO Ceará|CE'),
      ),
    ],
  },
}

export function practiceOf(slug: string): PracticeSet {
  const set = DEMO_PRACTICE[slug]
  if (!set) throw new Error(`demo product ${slug} has no printable content`)
  return set
}
