import { buildBrCode, pixTxid } from '../brcode.js'
import type { PixProvider } from './pix-provider.js'

// A well-formed code for a key no one holds: a bank app reads it and finds no recipient.
const DEMO_KEY = 'demonstracao@loja-de-materiais.invalid'

/** No PIX configured: the whole flow can be walked, and the customer's confirm button pays. */
export function demoProvider(): PixProvider {
  return {
    name: 'demo',
    isDemo: true,
    remote: false,
    async createCharge(request) {
      const qrCode = buildBrCode({
        key: DEMO_KEY,
        name: 'LOJA DEMONSTRACAO',
        city: 'BRASIL',
        amountCents: request.amountCents,
        txid: pixTxid(request.orderId),
      })
      return { qrCode, qrCodeBase64: null, ticketUrl: null, providerPaymentId: null }
    },
    async getStatus() {
      return { state: 'pending' }
    },
    // Nothing was charged: nothing goes back.
    async refund() {
      return { state: 'accepted' }
    },
  }
}
