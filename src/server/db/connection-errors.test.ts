import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { connectionLossOf } from './connection-errors.js'

const coded = (code: string, message: string) => Object.assign(new Error(message), { code })
const failedQuery = (cause: Error) =>
  new DrizzleQueryError('insert into users (email) values ($1)', ['ana@exemplo.com'], cause)

describe('connectionLossOf', () => {
  it('finds a terminated backend under the query error Drizzle wraps it in', () => {
    const cause = coded('57P01', 'terminating connection due to administrator command')
    expect(connectionLossOf(failedQuery(cause))).toEqual({
      code: '57P01',
      message: 'terminating connection due to administrator command',
    })
  })

  it.each([
    coded('08006', 'connection failure'),
    coded('57P03', 'the database system is starting up'),
    coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
  ])('counts $message as a lost connection', (error) => {
    expect(connectionLossOf(failedQuery(error))).not.toBeNull()
  })

  it('leaves the query and its parameters out of what it reports', () => {
    const lost = connectionLossOf(failedQuery(new Error('Connection terminated unexpectedly')))
    expect(JSON.stringify(lost)).not.toContain('ana@exemplo.com')
  })

  it('does not take a request fault for one, even when the query text says "Connection terminated"', () => {
    expect(connectionLossOf(failedQuery(coded('23505', 'duplicate key value')))).toBeNull()
    const named = new DrizzleQueryError('select $1', ['Connection terminated'], new Error('boom'))
    expect(connectionLossOf(named)).toBeNull()
    expect(connectionLossOf(new Error('Erro qualquer'))).toBeNull()
  })
})
