import { PREVIEW_LIMITS, type PreviewRefusal } from './preview-limits.js'

/** What the owner reads under 'Prévia das páginas' when a preview could not be made. */
export const PREVIEW_REASONS = {
  too_large: 'O PDF é grande demais para gerar a prévia.',
  page_too_large:
    'Uma das páginas escolhidas tem um tamanho fora do comum (gigante ou estreita demais) e não foi desenhada.',
  too_many_pages: `O PDF tem mais de ${PREVIEW_LIMITS.maxPageCount.toLocaleString('pt-BR')} páginas: a prévia não foi gerada.`,
  too_heavy: 'O PDF exigiria memória demais para gerar a prévia (arquivo pesado ou malformado).',
  timeout: 'A prévia demorou demais para ser gerada (PDF pesado ou malformado).',
  unreadable: 'Não foi possível ler o PDF (arquivo danificado ou protegido por senha).',
  missing: 'O arquivo do produto não foi encontrado no armazenamento.',
  zip_without_pdf:
    'O ZIP não tem nenhum PDF: a prévia mostra páginas do primeiro PDF dentro do ZIP.',
} as const satisfies Record<PreviewRefusal, string> & Record<string, string>

export type PreviewReason = keyof typeof PREVIEW_REASONS
