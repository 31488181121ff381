import { STORE_TIME_ZONE } from '../../contracts/analytics.js'

/**
 * A moment as the store's buyers and owner read it, on Brasília's clock whatever the server's:
 * '03/12/2026, 15:30'. One formatter for every text and e-mail that names a time.
 */
export const dateTimeBR = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: STORE_TIME_ZONE,
})
