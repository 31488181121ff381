import { describe, expect, it } from 'vitest'
import { HttpError } from '../../lib/api'
import { EMPTY_GUEST_FORM, validateGuest } from './guest-validation'
import { POLL_MAX_TRIES, pollDelay } from './payment-polling'
import { materialsHref } from './pending-order'
import { isConnectionTrouble } from './use-place-order'

describe('payment polling schedule (SPEC.md section 9)', () => {
  it('asks after 2 s, every 3 s, 5 s after 10 tries, 10 s after 20, 60 tries in all', () => {
    const delays = Array.from({ length: POLL_MAX_TRIES }, (_, done) => pollDelay(done))
    expect(delays.slice(0, 11)).toEqual([2000, ...Array(9).fill(3000), 5000])
    expect(delays[19]).toBe(5000)
    expect(delays[20]).toBe(10_000)
    expect(delays[59]).toBe(10_000)
  })
})

describe('guest checkout form (SPEC.md section 5)', () => {
  it('starts without an account: the password is not asked until she ticks the box', () => {
    expect(EMPTY_GUEST_FORM.createAccount).toBe(false)
    const result = validateGuest(EMPTY_GUEST_FORM)
    expect(result.ok ? null : result.errors.password).toBeUndefined()
  })

  it('gives the exact message of every missing field and lists them', () => {
    const result = validateGuest({ ...EMPTY_GUEST_FORM, createAccount: true })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual({
      firstName: 'Nome é obrigatório',
      lastName: 'Sobrenome é obrigatório',
      email: 'Email é obrigatório',
      whatsapp: 'WhatsApp é obrigatório',
      password: 'Senha é obrigatória para criar conta',
      acceptTerms: 'Você deve aceitar os termos e condições',
    })
    expect(result.summary).toBe(
      'Por favor, preencha todos os campos obrigatórios: Nome, Sobrenome, Email, WhatsApp, Senha, Termos e condições',
    )
  })

  it('asks for 6 password characters only when an account is created', () => {
    const filled = {
      ...EMPTY_GUEST_FORM,
      ...{ firstName: 'Ana', lastName: 'Lima', email: 'ana@x.com', whatsapp: '11999998888' },
      acceptTerms: true,
    }
    const short = validateGuest({ ...filled, createAccount: true, password: '12345' })
    expect(short.ok ? null : short.errors.password).toBe('Senha deve ter pelo menos 6 caracteres')
    expect(validateGuest({ ...filled, createAccount: false }).ok).toBe(true)
  })

  it('names only blank fields as missing, and says what is wrong with filled ones', () => {
    const result = validateGuest({
      ...EMPTY_GUEST_FORM,
      firstName: 'Ana',
      email: 'ana-sem-arroba',
      whatsapp: '12',
      password: 'segredo1',
      acceptTerms: true,
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.title).toBe('Dados incompletos')
    expect(result.summary).toBe(
      'Por favor, preencha todos os campos obrigatórios: Sobrenome. Email inválido. WhatsApp inválido: informe DDD e número, como (11) 98765-4321',
    )
    const onlyWrong = validateGuest({
      ...EMPTY_GUEST_FORM,
      ...{ firstName: 'Ana', lastName: 'Lima', email: 'ana@x.com', whatsapp: '12' },
      createAccount: false,
      acceptTerms: true,
    })
    expect(onlyWrong.ok ? null : onlyWrong.title).toBe('Confira os dados')
  })
})

describe('checkout failures', () => {
  it('recovers from connection trouble and 5xx, not from refusals', () => {
    expect(isConnectionTrouble(new TypeError('Failed to fetch'))).toBe(true)
    expect(isConnectionTrouble(new Error('timeout: o servidor demorou a responder'))).toBe(true)
    expect(isConnectionTrouble(new HttpError(503, 'Serviço indisponível'))).toBe(true)
    expect(isConnectionTrouble(new HttpError(400, 'Nome é obrigatório'))).toBe(false)
  })

  it('reads a digit 5 in a refusal as a refusal, not as connection trouble', () => {
    expect(isConnectionTrouble(new HttpError(409, 'Quantidade máxima: 5'))).toBe(false)
    expect(isConnectionTrouble(new HttpError(400, 'Pedido mínimo de R$ 5,00'))).toBe(false)
    // An error that is not the server's answer nor the network's: no recovery either.
    expect(isConnectionTrouble(new Error('Cupom válido até 25/03'))).toBe(false)
    expect(isConnectionTrouble(new SyntaxError('Unexpected token < in JSON at position 5'))).toBe(
      false,
    )
    // What SPEC means: a 5xx answer, or no answer at all.
    expect(isConnectionTrouble(new HttpError(502, 'Erro HTTP 502'))).toBe(true)
    expect(isConnectionTrouble(new TypeError('Load failed'))).toBe(true)
    expect(
      isConnectionTrouble(new TypeError('NetworkError when attempting to fetch resource.')),
    ).toBe(true)
    expect(isConnectionTrouble(new DOMException('The operation was aborted.', 'AbortError'))).toBe(
      true,
    )
  })
})

describe('where the paid materials are', () => {
  const base = { orderId: 'o1', productName: 'Kit', timestamp: 1 }
  it('sends accounts to the dashboard and guests to the prefilled lookup', () => {
    expect(materialsHref({ ...base, accountCreated: true }, false)).toBe('/dashboard')
    expect(materialsHref(base, false)).toBe('/dashboard')
    expect(materialsHref(null, true)).toBe('/dashboard')
    expect(materialsHref({ ...base, guest: { email: 'a@b.com', whatsapp: '119' } }, false)).toBe(
      '/meus-materiais?email=a%40b.com&whatsapp=119',
    )
  })
})
