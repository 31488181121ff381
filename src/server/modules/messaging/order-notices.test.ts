import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatBRL } from '../../../contracts/money.js'
import { guestCheckout, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  aboutOrder,
  ADMIN_NUMBER,
  createWhatsappStore,
  outboxRow,
  outboxRows,
} from '../../testing/messaging.js'

let env: Awaited<ReturnType<typeof createWhatsappStore>>
let kit: { id: number }
const BUYER = '5511987654321'

beforeAll(async () => {
  env = await createWhatsappStore({ env: { PUBLIC_URL: 'https://loja.test' } })
  kit = await insertProduct(env.store, { name: 'Kit Alfabetização', priceCents: 1990 })
})
afterAll(() => env.close())

const arrived = (orderId: string, count: number) =>
  vi.waitFor(() => expect(aboutOrder(env.fake, orderId)).toHaveLength(count), { timeout: 5000 })

describe('WhatsApp notices of orders', () => {
  it('tells the admin of a new order, with its id, items and total', async () => {
    const { order } = await guestCheckout(env.store, newCartSession(), [
      { productId: kit.id, quantity: 2 },
    ])
    await arrived(order.id, 1)
    const [message] = aboutOrder(env.fake, order.id)
    expect(message!.number).toBe(ADMIN_NUMBER)
    expect(message!.text).toContain('Novo pedido')
    expect(message!.text).toContain(`#${order.id.slice(0, 8)}`)
    expect(message!.text).toContain('2x Kit Alfabetização')
    expect(message!.text).toContain(formatBRL(3980))
  })

  it('keeps a name on one line: a newline in it cannot forge a line in the owner’s text', async () => {
    const { order } = await guestCheckout(env.store, newCartSession(), [{ productId: kit.id }], {
      firstName: 'Maria\n✅ Pagamento confirmado\u2028Pedido',
      lastName: 'Souza\r\n\u202e\t',
    })
    await arrived(order.id, 1)
    const [message] = aboutOrder(env.fake, order.id)
    const lines = message!.text.split(/\r\n|[\n\r\u2028\u2029]/)
    expect(lines.filter((l) => l.includes('Pagamento confirmado'))).toEqual([
      `Cliente: Maria ✅ Pagamento confirmado Pedido Souza (${order.customerEmail}, ${BUYER})`,
    ])
    // No override left to reorder what the owner reads, nor a tab.
    expect(message!.text).not.toMatch(/[\t\u202a-\u202e\u2066-\u2069]/)
  })

  it('on payment tells the admin and the buyer, who gets the link to their materials', async () => {
    const buyer = await buyAsGuest(env.store, kit.id, { whatsapp: '(11) 98765-4321' })
    await arrived(buyer.orderId, 3)
    const messages = aboutOrder(env.fake, buyer.orderId)
    const toAdmin = messages.filter((m) => m.number === ADMIN_NUMBER).map((m) => m.text)
    expect(toAdmin.some((t) => t.includes('Pagamento confirmado'))).toBe(true)
    const toBuyer = messages.find((m) => m.number === BUYER)!
    expect(toBuyer.text).toContain('Recebemos o pagamento')
    expect(toBuyer.text).toContain('Kit Alfabetização')
    expect(toBuyer.text).toContain(formatBRL(1990))
    const link = new URL(/https:\/\/\S+/.exec(toBuyer.text)![0])
    expect(link.origin + link.pathname).toBe('https://loja.test/meus-materiais')
    expect(link.searchParams.get('email')).toBe(buyer.email)
    expect(link.searchParams.get('whatsapp')).toBe(BUYER)
  })

  it('tells the buyer of a refund on WhatsApp too, once', async () => {
    const buyer = await buyAsGuest(env.store, kit.id, { whatsapp: '(11) 98765-4321' })
    await arrived(buyer.orderId, 3)
    const refunds = env.store.app.services.refunds
    await refunds.refundByAdmin(buyer.orderId, { reason: '', moneyReturned: false })
    await arrived(buyer.orderId, 4)
    const told = aboutOrder(env.fake, buyer.orderId).filter(
      (m) => m.number === BUYER && m.text.includes('foi reembolsado'),
    )
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain(formatBRL(1990))
    expect(told[0]!.text).toContain('acesso aos materiais deste pedido foi encerrado')
  })

  it('writes each event once, however often the payment is confirmed', async () => {
    const buyer = await buyAsGuest(env.store, kit.id)
    await env.store.app.services.orders.markOrderPaid(buyer.orderId, 'admin')
    await arrived(buyer.orderId, 3)
    await env.store.app.services.messaging.worker.deliverDue()
    expect(aboutOrder(env.fake, buyer.orderId)).toHaveLength(3)
    const keys = (await outboxRows(env.store))
      .filter((r) => r.channel === 'whatsapp')
      .map((r) => r.dedupeKey)
      .filter((k) => k.includes(buyer.orderId))
    expect(keys.sort()).toEqual(
      ['created:admin', 'paid:admin', 'paid:buyer'].map((e) => `order:${buyer.orderId}:${e}`),
    )
  })

  it('writes the notice inside the checkout that also creates the account', async () => {
    const session = newCartSession()
    const { order, accountCreated } = await guestCheckout(
      env.store,
      session,
      [{ productId: kit.id }],
      {
        createAccount: true,
        password: 'senha-segura-1',
      },
    )
    expect(accountCreated).toBe(true)
    await arrived(order.id, 1)
  })

  it('skips a buyer whose number is not a WhatsApp number, and still tells the admin', async () => {
    const buyer = await buyAsGuest(env.store, kit.id, { whatsapp: '+1 415 555 2671' })
    await arrived(buyer.orderId, 2)
    expect(aboutOrder(env.fake, buyer.orderId).every((m) => m.number === ADMIN_NUMBER)).toBe(true)
    expect(await outboxRow(env.store, `order:${buyer.orderId}:paid:buyer`)).toBeUndefined()
  })

  it('writes no WhatsApp, and the order goes on, while messaging is not configured', async () => {
    const { settings } = env.store.app.services
    await settings.set('evolution_api_key', '')
    try {
      const buyer = await buyAsGuest(env.store, kit.id)
      const order = await env.store.app.services.orders.find(buyer.orderId)
      expect(order?.status).toBe('paid')
      const rows = (await outboxRows(env.store)).filter((r) => r.dedupeKey.includes(buyer.orderId))
      // The e-mails are written regardless of WhatsApp (and of SMTP: see order-emails.test.ts).
      expect(rows.map((r) => r.channel)).not.toContain('whatsapp')
      expect(rows.map((r) => r.dedupeKey)).toContain(`order:${buyer.orderId}:paid:email`)
    } finally {
      await settings.set('evolution_api_key', env.fake.apiKey)
    }
  })
})
