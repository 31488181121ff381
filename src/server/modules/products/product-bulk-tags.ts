import { and, asc, inArray, isNull, sql } from 'drizzle-orm'
import { BULK_TAG_MESSAGES, type BulkTags } from '../../../contracts/product-tags.js'
import { withImplied, type AnoId, type ComponenteId } from '../../../contracts/school.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { BnccService } from '../bncc/bncc.service.js'
import { products } from './products.tables.js'

/** Ids named in a 404 at most; the rest are counted (500 unknown ids make no message). */
const NAMED_IDS = 20

type Held = { bncc: string[]; anos: string[]; componentes: string[]; tipo: string | null }

/** One product's tags after the change, its codes' years and components kept. */
export function tagsAfter(
  held: Held,
  change: BulkTags,
  implied: { anos: AnoId[]; componentes: ComponenteId[] },
) {
  const list = <T extends string>(sent: T[] | undefined, had: string[]) =>
    sent === undefined ? (had as T[]) : change.mode === 'add' ? [...(had as T[]), ...sent] : sent
  return {
    ...withImplied(
      {
        anos: list(change.anos, held.anos),
        componentes: list(change.componentes, held.componentes),
      },
      implied,
    ),
    tipo: change.tipo === undefined ? held.tipo : change.tipo,
  }
}

/**
 * Tags many products at once, all or none: their rows are locked (in id order, as every
 * product write locks), an id that is not a product (or was deleted) refuses the whole write
 * with a 404 naming it, and the rows change in one UPDATE. Answers the ids written.
 */
export async function tagMany(
  db: Db,
  bncc: Pick<BnccService, 'impliedBy'>,
  change: BulkTags,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: products.id,
        bncc: products.bncc,
        anos: products.anos,
        componentes: products.componentes,
        tipo: products.tipo,
      })
      .from(products)
      .where(and(inArray(products.id, change.ids), isNull(products.deletedAt)))
      .orderBy(asc(products.id))
      .for('update')
    const found = new Set(rows.map((r) => r.id))
    const missing = change.ids.filter((id) => !found.has(id))
    if (missing.length) {
      const named = BULK_TAG_MESSAGES.missing(missing.slice(0, NAMED_IDS))
      const more = missing.length > NAMED_IDS ? ` e mais ${missing.length - NAMED_IDS}` : ''
      throw new AppError('not_found', named + more)
    }
    const next = rows.map((row) => ({
      id: row.id,
      ...tagsAfter(row, change, bncc.impliedBy(row.bncc)),
    }))
    // Each row gets its own lists (an 'add' joins what each held): one statement for all.
    await tx.execute(sql`
      UPDATE ${products} AS p
      SET anos = v.anos, componentes = v.componentes, tipo = v.tipo, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(next)}::jsonb)
        AS v(id integer, anos text[], componentes text[], tipo text)
      WHERE p.id = v.id`)
    return change.ids
  })
}
