import { describe, expect, it } from 'vitest'
import { clabeCheckDigit, isValidClabe } from './clabe.ts'

describe('CLABE', () => {
  it('computes the check digit with the weights 3, 7, 1', () => {
    // 0·3 0·7 2·1 0·3 1·7 0·1 0·3 7·7 7·1 7·3 7·7 7·1 7·3 7·7 7·1 7·3 7·7, each mod 10, sum 69 → 1.
    expect(clabeCheckDigit('00201007777777777')).toBe(1)
    // A sum that is a multiple of 10 gives 0, not 10.
    expect(clabeCheckDigit('00000000000000000')).toBe(0)
  })

  it('accepts 18 digits whose last is the check digit', () => {
    expect(isValidClabe('002010077777777771')).toBe(true)
    expect(isValidClabe('000000000000000000')).toBe(true)
  })

  it('refuses a wrong check digit, another length and anything but digits', () => {
    expect(isValidClabe('002010077777777772')).toBe(false)
    expect(isValidClabe('00201007777777777')).toBe(false)
    expect(isValidClabe('0020100777777777710')).toBe(false)
    expect(isValidClabe('00201007777777777a')).toBe(false)
    expect(isValidClabe('002 010 077777777771')).toBe(false)
  })

  it('refuses to compute the check digit of anything but 17 digits', () => {
    expect(() => clabeCheckDigit('0020100777777777')).toThrow(RangeError)
  })
})
