import { describe, expect, it } from 'vitest'
import { formatTaxId, isCnpj, isCpf, taxIdKind, taxIdSchema } from './tax-id.js'

describe('CPF and CNPJ', () => {
  it('accepts valid documents with or without punctuation', () => {
    expect(isCpf('529.982.247-25')).toBe(true)
    expect(isCpf('52998224725')).toBe(true)
    expect(isCnpj('11.222.333/0001-81')).toBe(true)
    expect(taxIdKind('11222333000181')).toBe('cnpj')
    expect(taxIdKind('52998224725')).toBe('cpf')
  })

  it('refuses a wrong check digit, a wrong length and a repeated digit', () => {
    expect(isCpf('529.982.247-24')).toBe(false)
    expect(isCpf('5299822472')).toBe(false)
    expect(isCpf('111.111.111-11')).toBe(false)
    expect(isCnpj('11.222.333/0001-80')).toBe(false)
    expect(isCnpj('00000000000000')).toBe(false)
    expect(taxIdKind('abc')).toBeNull()
  })

  it('formats and parses to digits', () => {
    expect(formatTaxId('52998224725')).toBe('529.982.247-25')
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81')
    expect(taxIdSchema().parse(' 529.982.247-25 ')).toBe('52998224725')
    expect(taxIdSchema().safeParse('123').error?.issues[0]?.message).toBe('CPF ou CNPJ inválido')
  })
})
