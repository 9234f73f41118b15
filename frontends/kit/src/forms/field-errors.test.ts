import { describe, expect, it } from 'vitest'
import type { ErrorOption } from 'react-hook-form'
import { ApiError } from '@donaciones/web-kit'
import { applyServerErrors, fieldErrorsOf } from './field-errors.ts'

const invalid = new ApiError(422, 'Información inválida', 'Verifique los datos', [
  { path: 'payload.title', message: 'Campo requerido' },
  { path: 'visibility.counter', message: 'Valor inválido' },
  { path: 'payload.unknown', message: 'No es de este formulario' },
])

function recorder() {
  const set: Record<string, ErrorOption> = {}
  const setError = (path: string, error: ErrorOption) => {
    set[path] = { type: error.type, message: error.message }
  }
  return { set, setError }
}

describe('server field errors on a form', () => {
  it('reads the 422 messages with paths relative to the form', () => {
    expect(fieldErrorsOf(invalid)).toEqual([
      { path: 'title', message: 'Campo requerido' },
      { path: 'visibility.counter', message: 'Valor inválido' },
      { path: 'unknown', message: 'No es de este formulario' },
    ])
  })

  it('has none for anything but an API error', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual([])
    expect(fieldErrorsOf(undefined)).toEqual([])
  })

  it('puts each message on its field, leaving out paths the form does not have', () => {
    const { set, setError } = recorder()
    const shown = applyServerErrors(invalid, setError, (path) => path !== 'unknown')
    expect(shown).toEqual(['title', 'visibility.counter'])
    expect(set).toEqual({
      title: { type: 'server', message: 'Campo requerido' },
      'visibility.counter': { type: 'server', message: 'Valor inválido' },
    })
  })
})
