import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { donorWallChoiceShape, donorWallName } from './donor-wall.ts'

describe('donorWallName', () => {
  it('shows the first name and the initial of the next one, never the full name', () => {
    expect(donorWallName('Ana Pérez López', false)).toBe('Ana P.')
    expect(donorWallName('  ana   élida  ', false)).toBe('ana É.')
    expect(donorWallName('Ana', false)).toBe('Ana')
  })

  it('names nobody who gave anonymously, gave no name, or gave before the wall existed', () => {
    expect(donorWallName('Ana Pérez', true)).toBeNull()
    expect(donorWallName('   ', false)).toBeNull()
    expect(donorWallName('Ana Pérez', undefined)).toBeNull()
  })
})

describe('the donor wall choice of a donation request', () => {
  const choice = z.object(donorWallChoiceShape)

  it('trims the message and drops an empty one', () => {
    expect(choice.parse({ message: '  Con cariño  ' })).toEqual({ message: 'Con cariño' })
    expect(choice.parse({ message: '   ', anonymous: true })).toEqual({ message: undefined, anonymous: true })
    expect(choice.parse({})).toEqual({})
  })

  it('refuses a message over 280 characters in Spanish', () => {
    expect(choice.safeParse({ message: 'a'.repeat(280) }).success).toBe(true)
    expect(choice.safeParse({ message: 'a'.repeat(281) }).error?.issues.map((issue) => issue.message)).toEqual(['El máximo de caracteres es de 280'])
  })
})
