import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors.js'
import { parseOrThrow } from './parse-or-throw.js'

const Form = z.object({
  name: z.string({ error: 'Nome é obrigatório' }).min(1, { error: 'Nome é obrigatório' }),
  email: z.email({ error: 'Email inválido' }),
})

describe('parseOrThrow', () => {
  it('answers what the schema reads', () => {
    expect(parseOrThrow(Form, { name: 'Ana', email: 'ana@x.com', extra: 1 })).toEqual({
      name: 'Ana',
      email: 'ana@x.com',
    })
  })

  it('throws a 400 with the first broken rule, in the order of the fields', () => {
    const error = (() => {
      try {
        parseOrThrow(Form, { email: 'nope' })
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 400, message: 'Nome é obrigatório' })
  })

  it('names the broken field (its whole path) in a header of the 400', () => {
    const Nested = z.object({ customer: Form })
    const error = (() => {
      try {
        parseOrThrow(Nested, { customer: { name: 'Ana', email: 'nope' } })
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toMatchObject({
      status: 400,
      message: 'Email inválido',
      headers: { 'x-error-field': 'customer.email' },
    })
  })
})
