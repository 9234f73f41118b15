import { describe, expect, it } from 'vitest'
import { isStrongPassword } from '@donaciones/contracts'
import { DuplicateRecordError } from '@donaciones/kit'
import { guardEmailRace } from '../src/commands/deps.ts'
import { normalizeGrants, permissionMatrix } from '../src/modules.ts'
import { hashPassword, provisionalPassword, verifyPassword } from '../src/security/passwords.ts'

describe('passwords', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const first = await hashPassword('Segura#2024x')
    const second = await hashPassword('Segura#2024x')
    expect(first.salt).not.toBe(second.salt)
    expect(first.hash).not.toBe(second.hash)
    expect(first.params).toEqual({ N: 16384, r: 8, p: 1, keylen: 64 })
    expect(await verifyPassword('Segura#2024x', first)).toBe(true)
    expect(await verifyPassword('Segura#2024X', first)).toBe(false)
    expect(await verifyPassword('Segura#2024x', undefined)).toBe(false)
  })

  it('makes provisional passwords that pass the strength rule and differ', () => {
    const made = Array.from({ length: 200 }, () => provisionalPassword())
    expect(made.every((password) => password.length === 14 && isStrongPassword(password))).toBe(true)
    expect(new Set(made).size).toBe(200)
  })
})

describe('permissions', () => {
  it('forces read with create or update, merges a module given twice and drops empty entries', () => {
    expect(
      normalizeGrants([
        { module: 'pages', read: false, create: false, update: false },
        { module: 'user', read: false, create: false, update: true },
        { module: 'campaign', read: false, create: true, update: false },
        { module: 'campaign', read: false, create: false, update: true },
      ]),
    ).toEqual([
      { module: 'campaign', read: true, create: true, update: true },
      { module: 'user', read: true, create: false, update: true },
    ])
  })

  it('drops the actions a module does not have from grants stored before they were refused', () => {
    const stored = [
      { module: 'pages', read: false, create: true, update: false },
      { module: 'historical', read: true, create: true, update: true },
    ] as const
    expect(normalizeGrants(stored)).toEqual([
      { module: 'pages', read: true, create: false, update: false },
      { module: 'historical', read: true, create: false, update: false },
    ])
    expect(permissionMatrix(stored).filter((entry) => !entry.isNew).map(({ module, read, create, update }) => [module.name, read, create, update])).toEqual([
      ['pages', true, false, false],
      ['historical', true, false, false],
    ])
  })

  it('fills the edit matrix with every module', () => {
    const matrix = permissionMatrix([{ module: 'pages', read: true, create: false, update: false }])
    expect(matrix.map((entry) => [entry.module.name, entry.read, entry.isNew])).toEqual([
      ['campaign', false, true],
      ['admin', false, true],
      ['user', false, true],
      ['institution', false, true],
      ['category', false, true],
      ['pages', true, false],
      ['historical', false, true],
      ['donation', false, true],
    ])
  })
})

describe('e-mail races', () => {
  it('turns a duplicate caught by the read model into the refusal "Registro ya existente" (answered 409)', async () => {
    await expect(guardEmailRace(() => Promise.reject(new DuplicateRecordError('users_email_key_key')))).rejects.toMatchObject({
      reason: 'already-exists',
      message: 'Registro ya existente',
    })
    await expect(guardEmailRace(() => Promise.reject(Object.assign(new Error('x'), { code: '23505' })))).rejects.toMatchObject({ reason: 'already-exists' })
    await expect(guardEmailRace(() => Promise.reject(new Error('otro')))).rejects.toThrow('otro')
  })
})
