import { describe, expect, it } from 'vitest'
import { payingTotal } from './paying-total'

const order = { id: 'pedido-1', status: 'pending' as const, totalAmount: '26.91' }
const saved = { orderId: 'pedido-1', productIds: [3, 7] }
const cart = [{ productId: 7 }, { productId: 3 }]
const brl = (text: string | null) => text?.replace(/\u00a0/g, ' ')

describe("the header's cart total on the PIX screen", () => {
  it("is the order's total after its coupon when the cart is that order", () => {
    expect(brl(payingTotal(order, saved, cart))).toBe('R$ 26,91')
  })

  it("is the cart's own total otherwise: other items, another order, paid, or no order", () => {
    expect(payingTotal(order, saved, [{ productId: 3 }])).toBeNull()
    expect(payingTotal(order, saved, [...cart, { productId: 9 }])).toBeNull()
    expect(payingTotal(order, { ...saved, orderId: 'outro' }, cart)).toBeNull()
    expect(payingTotal({ ...order, status: 'confirmed' }, saved, cart)).toBeNull()
    expect(payingTotal(undefined, saved, cart)).toBeNull()
    // The clube's PIX screen: no cart items were ordered, and an empty cart stays R$ 0,00.
    expect(payingTotal(order, { orderId: 'pedido-1', productIds: [] }, [])).toBeNull()
  })
})
