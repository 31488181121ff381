import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { createEventBus, handle } from '../../kernel/events.js'
import { createOrderChange } from './order-change.js'
import type { NoticeWriter, OrderNotices } from './order-notices.js'
import type { OrderRow } from './place-order.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})
afterAll(() => store.close())

/** Notices that record what was prepared, written and flushed. */
function recordingNotices() {
  const seen = { prepared: 0, written: [] as string[], flushed: 0 }
  const write = (name: string) => async () => void seen.written.push(name)
  const writer: NoticeWriter = {
    orderPlaced: write('placed'),
    chargeReady: write('charge'),
    orderPaid: write('paid'),
    orderClosed: write('closed'),
    refundDeclined: write('declined'),
    paidClaimed: write('claimed'),
    refundSent: write('refund-sent'),
  }
  const notices: OrderNotices = {
    prepare: async () => (seen.prepared++, writer),
    flush: () => void seen.flushed++,
  }
  return { seen, notices }
}

/** An order change on its own bus, whose committed handlers record what they heard. */
function changeWith(notices: OrderNotices) {
  const events = createEventBus(store.app.log)
  const heard = { sales: 0, closed: [] as string[] }
  events.on(
    'test',
    handle({ event: 'sales.changed', phase: 'committed', run: () => void heard.sales++ }),
  )
  events.on(
    'test',
    handle({
      event: 'order.cancelled',
      phase: 'committed',
      run: async ({ order }) => void heard.closed.push(order.id),
    }),
  )
  events.seal()
  const change = createOrderChange(store.database.db, { log: store.app.log, notices, events })
  return { change, heard }
}

const order = { id: 'pedido-1', status: 'cancelled' } as OrderRow

describe('withOrderChange: prepare → transaction → flush → listeners', () => {
  it('flushes the notices written and tells the listeners, after the commit', async () => {
    const { seen, notices } = recordingNotices()
    const { change, heard } = changeWith(notices)
    const answer = await change.withOrderChange(async (scope) => {
      expect(seen.flushed).toBe(0)
      await scope.notices?.orderClosed(scope.tx, order, [])
      scope.closed(order)
      return 'feito'
    })
    await change.drain()
    expect(answer).toBe('feito')
    expect(seen).toEqual({ prepared: 1, written: ['closed'], flushed: 1 })
    expect(heard).toEqual({ sales: 1, closed: ['pedido-1'] })
  })

  it('flushes nothing and tells nobody when nothing changed', async () => {
    const { seen, notices } = recordingNotices()
    const { change, heard } = changeWith(notices)
    expect(await change.withOrderChange(async () => false)).toBe(false)
    expect(seen).toEqual({ prepared: 1, written: [], flushed: 0 })
    expect(heard).toEqual({ sales: 0, closed: [] })
  })

  it('flushes nothing and tells nobody when the transaction fails', async () => {
    const { seen, notices } = recordingNotices()
    const { change, heard } = changeWith(notices)
    const failing = change.withOrderChange(async (scope) => {
      await scope.notices?.orderPaid(scope.tx, order, [], [])
      scope.paid(order)
      throw new Error('falhou')
    })
    await expect(failing).rejects.toThrow('falhou')
    await change.drain()
    expect(seen.flushed).toBe(0)
    expect(heard).toEqual({ sales: 0, closed: [] })
  })
})
