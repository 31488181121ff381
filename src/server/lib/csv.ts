import type { FastifyReply } from 'fastify'

/*
 * The store's one CSV writer, for every spreadsheet it hands out (the orders, the notas
 * fiscais, and any export that comes next): what a buyer typed reaches the owner's (or her
 * accountant's) Excel through here, so the rule against formulas is written once.
 */

export type CsvValue = string | number | null | undefined

const BOM = '\uFEFF'

/**
 * A text a spreadsheet would run as a formula: one starting with = + - @ (after spaces too,
 * which LibreOffice skips), or with a tab or a line break that hides one (OWASP, "CSV
 * Injection").
 */
const FORMULA = /^[\t\r\n]|^\s*[=+\-@]/

/**
 * One cell for Excel pt-BR: a would-be formula gets a leading apostrophe, which the spreadsheet
 * shows as text; a cell with the separator, a quote or a line break is quoted.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA.test(text)) text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Centavos as Excel pt-BR reads a number: '1234,50' (no thousands separator). */
export const csvMoney = (cents: number) => (cents / 100).toFixed(2).replace('.', ',')

/**
 * The whole file as Excel in Portuguese (Brazil) opens it by double-click: UTF-8 with a BOM (or
 * it reads Latin-1), ';' between cells, ',' in decimals (csvMoney), CRLF after every line.
 */
export function csvDocument(header: readonly string[], rows: readonly CsvValue[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(';'))
  return `${BOM}${lines.join('\r\n')}\r\n`
}

/** Answers a CSV file as a download, never kept by a cache (it names buyers). */
export function sendCsv(reply: FastifyReply, fileName: string, document: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(document)
}
