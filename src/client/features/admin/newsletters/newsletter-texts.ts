/** Who a newsletter goes to, as the confirmation before sending says it (singular, plural, none). */
export function recipientsLine(confirmed: number): string {
  if (confirmed === 0) return 'Ainda não há inscritos confirmados: ninguém vai recebê-la.'
  const who = confirmed === 1 ? '1 inscrito confirmado' : `${confirmed} inscritos confirmados`
  return `Vai para ${who}, aos poucos (o ritmo está em Configurações).`
}
