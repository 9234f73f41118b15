import { describe, expect, it } from 'vitest'
import { decodeToken, isExpired } from './token.ts'

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const payload = { _id: 'u1', role: 2, active: true, changePassword: false, permissions: [], name: 'José', lastName: 'Núñez', thumbnail: null, picture: null, email: 'jose@correo.mx', exp: 2_000_000_000 }
const token = (body: unknown) => `${base64url({ alg: 'ES256' })}.${base64url(body)}.firma`

describe('session token in the browser', () => {
  it('reads the user and exp from the payload, accents included', () => {
    expect(decodeToken(token(payload))).toMatchObject({ name: 'José', lastName: 'Núñez', exp: 2_000_000_000 })
  })

  it('refuses a token that is not a JWT or lacks the user fields', () => {
    expect(decodeToken('basura')).toBeNull()
    expect(decodeToken(token({ exp: 1 }))).toBeNull()
    expect(decodeToken('a.%%%.b')).toBeNull()
  })

  it('says a token whose exp is before now has expired', () => {
    const now = Date.UTC(2026, 10, 22)
    expect(isExpired({ exp: now / 1000 - 1 }, now)).toBe(true)
    expect(isExpired({ exp: now / 1000 + 60 }, now)).toBe(false)
  })
})
