import { buildBrCode, CITY_MAX, NAME_MAX, pixText, pixTxid } from '../brcode.js'
import { normalisePixKey } from '../pix-key.js'
import type { PixProvider } from './pix-provider.js'

export interface StaticPixSettings {
  key: string
  recipientName: string
  city: string
}

/**
 * A BR Code for the store's own PIX key. The bank pays the key directly and tells nobody, so
 * such an order is paid only when the admin sees the money and confirms it.
 */
export function staticProvider(settings: StaticPixSettings): PixProvider {
  const key = normalisePixKey(settings.key)
  // Name and city are required by the standard; the key decides who receives the money.
  const name = pixText(settings.recipientName, NAME_MAX) || 'LOJA DE MATERIAIS'
  const city = pixText(settings.city, CITY_MAX) || 'BRASIL'
  return {
    name: 'static',
    isDemo: false,
    remote: false,
    recipientName: settings.recipientName.trim() || name,
    async createCharge(request) {
      const qrCode = buildBrCode({
        key,
        name,
        city,
        amountCents: request.amountCents,
        txid: pixTxid(request.orderId),
      })
      return { qrCode, qrCodeBase64: null, ticketUrl: null, providerPaymentId: null }
    },
    async getStatus() {
      return { state: 'pending' }
    },
  }
}
