import { describe, expect, it } from 'vitest'
import { composeMail } from './mail-layout.js'

const brand = { storeName: 'Loja', baseUrl: 'https://loja.exemplo.com.br' }

describe('the e-mail layout', () => {
  it('makes every subject and greeting one line, whatever a name inside them held', () => {
    const mail = composeMail(brand, {
      subject: 'Pedido de Ana\r\nBcc: intruso@mal.example\u2028\u202eX',
      greeting: 'Olá, Ana\nAssunto: pago!',
      paragraphs: ['Tudo certo.'],
    })
    expect(mail.subject).toBe('Pedido de Ana Bcc: intruso@mal.example X')
    expect(mail.html).toContain('<title>Pedido de Ana Bcc: intruso@mal.example X</title>')
    expect(mail.text.split('\n')).toContain('Olá, Ana Assunto: pago!')
  })
})
