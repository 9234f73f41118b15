import { describe, expect, it } from 'vitest'
import { errorResponseSchema, exportRequestSchema, toggleRequestSchema } from './common.ts'
import { permissionInputSchema, userInputSchema } from './users.ts'
import { allMessages } from '../../test/support.ts'

describe('toggleRequestSchema', () => {
  it('accepts a deactivation with its cause', () => {
    expect(
      toggleRequestSchema.safeParse({ payload: { active: false }, historical: { cause: 'Desactivación', description: 'Cerrada' } })
        .success,
    ).toBe(true)
  })
  it('refuses a cause that contradicts the new state, and an empty justification', () => {
    expect(
      allMessages(toggleRequestSchema, { payload: { active: true }, historical: { cause: 'Desactivación', description: 'x' } }),
    ).toEqual(['historical.cause: Opción inválida'])
    expect(
      allMessages(toggleRequestSchema, { payload: { active: true }, historical: { cause: 'Activación', description: ' ' } }),
    ).toEqual(['historical.description: Campo requerido'])
  })
})

describe('exportRequestSchema', () => {
  it('takes a list of ids', () => {
    expect(exportRequestSchema.parse({ selection: ['a', 'b'] })).toEqual({ selection: ['a', 'b'] })
    expect(exportRequestSchema.safeParse({ selection: [''] }).success).toBe(false)
  })
})

describe('errorResponseSchema', () => {
  it('has message, description and optional errors', () => {
    expect(errorResponseSchema.safeParse({ message: 'Registro ya existente', description: 'x' }).success).toBe(true)
    expect(errorResponseSchema.safeParse({ message: 'x' }).success).toBe(false)
  })
})

describe('users', () => {
  it('forces read on when create or update is ticked, delete always false', () => {
    expect(permissionInputSchema.parse({ module: 'campaign', read: false, create: true, update: false })).toEqual({
      module: 'campaign',
      read: true,
      create: true,
      update: false,
      delete: false,
    })
    expect(permissionInputSchema.safeParse({ module: 'campaign', read: true, create: false, update: false, delete: true }).success).toBe(false)
  })
  it('admin form names max 30, role required', () => {
    const base = { name: 'a'.repeat(30), lastName: 'b', email: 'a@b.mx', role: 1 }
    expect(userInputSchema.safeParse(base).success).toBe(true)
    expect(allMessages(userInputSchema, { ...base, name: 'a'.repeat(31), role: 3 })).toEqual([
      'name: El máximo de caracteres es de 30',
      'role: Campo requerido',
    ])
  })
})
