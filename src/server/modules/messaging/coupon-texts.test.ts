import { describe, expect, it } from 'vitest'
import { newOrderText, paidBuyerText } from './message-texts.js'
import { orderCreatedMail } from './order-mails.js'

const order = {
  id: 'abcdefgh12345678',
  customerName: 'Ana Lima',
  customerEmail: 'ana@exemplo.com',
  customerWhatsapp: '5511987654321',
  totalCents: 3600,
  discountCents: 400,
  couponCode: 'PROFE10',
  paymentMethod: 'pix' as const,
  paymentProvider: 'demo',
  status: 'pending' as const,
  pixCode: '000201...',
  pixExpiresAt: null,
  paidAt: null,
}
const lines = [{ productId: 1, productName: 'Caderno', unitPriceCents: 4000, quantity: 1 }]

describe('texts of an order with a coupon', () => {
  it('show the coupon and what it took off before the total', () => {
    for (const text of [newOrderText(order, lines), paidBuyerText(order, lines, 'https://x')]) {
      expect(text).toContain('Cupom PROFE10: −R$\u00a04,00\nTotal: *R$\u00a036,00*')
    }
    const mail = orderCreatedMail(order, lines, 'token', { supportWhatsapp: null })
    expect(mail.items!.map((i) => i.title)).toEqual([
      'Caderno',
      'Cupom PROFE10: −R$\u00a04,00',
      'Total: R$\u00a036,00',
    ])
  })

  it('say nothing of coupons for an order without one', () => {
    const plain = { ...order, discountCents: 0, couponCode: null }
    expect(newOrderText(plain, lines)).not.toContain('Cupom')
  })
})
