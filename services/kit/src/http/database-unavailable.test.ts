import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './database-unavailable.ts'
import { toErrorResponse } from './error-handler.ts'

const withCode = (code: string, message = 'error') => Object.assign(new Error(message), { code })

describe('database unavailable errors', () => {
  it.each([
    ['server down', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['administrator shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class', withCode('08006')],
    ['pg lost its connection', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped', new Error('falló', { cause: withCode('ECONNREFUSED') })],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('answers 503 in Spanish for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(toErrorResponse(error)).toMatchObject({ status: 503, body: { message: 'Servicio no disponible' } })
  })

  it.each([
    ['a refused statement', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('algo salió mal')],
    ['not an error', 'texto'],
  ])('leaves %s to the other rules', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
