import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import { buildOrder } from './assemble.js'
import { createEventBus, handle } from './events.js'
import { defineModule, type AnyModule } from './module.js'

const log = pino({ level: 'silent' })
const tx = {} as never

/** A bus with one committed handler of `sales.changed` per module named, after `after`. */
function busOf(handlers: { module: string; after?: string[] }[], heard: string[]) {
  const events = createEventBus(log)
  for (const { module, after } of handlers) {
    events.on(
      module,
      handle({
        event: 'sales.changed',
        phase: 'committed',
        after,
        run: () => void heard.push(module),
      }),
    )
  }
  return events
}

describe('the event bus', () => {
  it('runs handlers in their declared order, whatever the order they were added in', async () => {
    const heard: string[] = []
    const events = busOf(
      [
        { module: 'c', after: ['b'] },
        { module: 'b', after: ['a'] },
        { module: 'a' },
        { module: 'd' },
      ],
      heard,
    )
    events.seal()
    await events.committed('sales.changed', { onlyPayments: true })
    expect(heard).toEqual(['a', 'b', 'c', 'd'])
    expect(events.catalogue().map((h) => `${h.event}:${h.module}`)).toEqual([
      'sales.changed:a',
      'sales.changed:b',
      'sales.changed:c',
      'sales.changed:d',
    ])
  })

  it('refuses handlers that wait on each other, and an `after` naming no handler', () => {
    expect(() =>
      busOf(
        [
          { module: 'a', after: ['b'] },
          { module: 'b', after: ['a'] },
        ],
        [],
      ).seal(),
    ).toThrow(/wait on each other/)
    expect(() => busOf([{ module: 'a', after: ['typo'] }], []).seal()).toThrow(/handles nothing/)
  })

  it('refuses raising before the modules are assembled and handlers added after', async () => {
    const events = busOf([{ module: 'a' }], [])
    await expect(events.committed('sales.changed', { onlyPayments: true })).rejects.toThrow(
      /before the modules were assembled/,
    )
    events.seal()
    expect(() =>
      events.on('late', handle({ event: 'review.changed', phase: 'committed', run: () => {} })),
    ).toThrow(/after the modules were assembled/)
  })

  it('committed: a failing handler is logged and the next still runs; raise: it is thrown', async () => {
    const heard: string[] = []
    const events = createEventBus(log)
    events.on(
      'fails',
      handle({
        event: 'review.changed',
        phase: 'committed',
        run: () => Promise.reject(new Error('fora do ar')),
      }),
    )
    events.on(
      'next',
      handle({ event: 'review.changed', phase: 'committed', run: () => void heard.push('next') }),
    )
    events.seal()
    await events.committed('review.changed', {})
    expect(heard).toEqual(['next'])
    await expect(events.raise('review.changed', {})).rejects.toThrow('fora do ar')
  })

  it('prepares before the transaction and collects what the steps answer inside it', async () => {
    const steps: string[] = []
    const events = createEventBus(log)
    events.on(
      'grants',
      handle({
        event: 'order.paid',
        phase: 'transaction',
        prepare: async () => {
          steps.push('prepared')
          return async () => {
            steps.push('ran')
            return [{ productId: 1, downloads: 3 }]
          }
        },
      }),
    )
    events.seal()
    const run = await events.prepare('order.paid')
    expect(steps).toEqual(['prepared'])
    const answers = await run(tx, { order: {}, lines: [], once: {} } as never)
    expect(steps).toEqual(['prepared', 'ran'])
    expect(answers.flat()).toHaveLength(1)
    await expect(events.within('order.paid', tx, {} as never)).rejects.toThrow(/needs prepare/)
  })
})

describe('the module list', () => {
  const mod = (name: string, needs: string[], provides: string[]): AnyModule =>
    defineModule({ name, needs, provides, build: () => ({}) } as never)

  it('builds each module after those providing what it needs, the list deciding ties', () => {
    const order = buildOrder([
      mod('checkout', ['cart'], ['checkout']),
      mod('settings', [], ['settings']),
      mod('cart', ['settings'], ['cart']),
    ])
    expect(order.map((m) => m.name)).toEqual(['settings', 'cart', 'checkout'])
  })

  it('names the wiring error: a need nobody provides, a service provided twice, a cycle', () => {
    expect(() => buildOrder([mod('a', ['nada'], ['a'])])).toThrow(
      'a needs nada, which no module provides',
    )
    expect(() => buildOrder([mod('a', [], ['x']), mod('b', [], ['x'])])).toThrow(
      'x is provided by both a and b',
    )
    expect(() => buildOrder([mod('a', ['b'], ['a']), mod('b', ['a'], ['b'])])).toThrow(
      'modules need each other: a → b → a',
    )
  })
})

describe("the store's catalogue of events", () => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore()
  })
  afterAll(() => store.close())

  const handlersOf = (event: string) =>
    store.app.events
      .catalogue()
      .filter((h) => h.event === event)
      .map((h) => `${h.module} (${h.phase})`)

  it('a payment: the purchases first, the clube next, the Canva links and stamping after them', () => {
    const paid = handlersOf('order.paid')
    expect(paid.slice(0, 2)).toEqual(['purchases (transaction)', 'subscriptions (transaction)'])
    expect(paid.indexOf('stamping (transaction)')).toBeGreaterThan(
      paid.indexOf('canva (transaction)'),
    )
    expect(paid).toEqual(
      expect.arrayContaining(
        ['cart', 'coupons', 'reviews', 'invoices', 'refunds', 'ads'].map(
          (m) => `${m} (transaction)`,
        ),
      ),
    )
  })

  it('a refund is handled in its transaction and then voids the charge; a refused debit reaches the clube', () => {
    expect(handlersOf('order.refunded')).toContain('payments (committed)')
    expect(handlersOf('order.refunded').at(-1)).toBe('payments (committed)')
    expect(handlersOf('debit.refused')).toEqual(['subscriptions (committed)'])
    expect(handlersOf('plan.price_changed')).toEqual(['subscriptions (committed)'])
    expect(handlersOf('sales.changed')).toEqual(['catalog (committed)', 'ads (committed)'])
    expect(handlersOf('product.changed')).toEqual([
      'catalog (committed)',
      'previews (committed)',
      'subscriptions (committed)',
    ])
    expect(handlersOf('review.changed')).toEqual(['catalog (committed)'])
  })
})
