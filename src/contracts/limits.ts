/**
 * Limits the server enforces and the screens show. No zod here: the home page's bundle imports
 * this file, and a schema would bring zod with it (that bundle is allowed ~120 KB gzip).
 */

/**
 * The largest integer a PostgreSQL \`integer\` column holds: ids, and money in centavos
 * (R$ 21.474.836,47). A number past it must be refused as input, not reach the database as a 500.
 */
export const MAX_DB_INT = 2_147_483_647

/** No teaching material is bought by the hundred; a cap keeps totals far from overflow. */
export const MAX_CART_QUANTITY = 99

/** How many products the related block and the best sellers show. */
export const RELATED_LIMIT = 4
export const BESTSELLERS_LIMIT = 4

/** A pending order is cancelled by the server after this long (SPEC.md section 9). */
export const PENDING_ORDER_TTL_MS = 24 * 60 * 60 * 1000
