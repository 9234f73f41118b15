import { describe, expect, it } from 'vitest'
import { wallChoiceOf, wallMetadata } from './donor-wall-choice.ts'

describe('the donor wall choice a donation records (decision 87: no choice means anonymous)', () => {
  it('names the donor only when the request says anonymous: false', () => {
    expect(wallChoiceOf({ anonymous: false })).toEqual({ anonymous: false })
    expect(wallChoiceOf({ anonymous: true, message: 'Ánimo' })).toEqual({ anonymous: true, message: 'Ánimo' })
    expect(wallChoiceOf({})).toEqual({ anonymous: true })
    expect(wallChoiceOf({ anonymous: undefined, message: 'Hola' })).toEqual({ anonymous: true, message: 'Hola' })
  })

  it('writes the same choice into the provider order', () => {
    expect(wallMetadata(wallChoiceOf({}))).toEqual({ anonymous: 'true' })
    expect(wallMetadata(wallChoiceOf({ anonymous: false }))).toEqual({ anonymous: 'false' })
  })
})
