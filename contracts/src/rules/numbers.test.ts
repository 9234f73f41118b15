import { describe, expect, it } from 'vitest'
import { donationAmountSchema, donationAmountUpTo, durationSchema, goalSchema, hasAtMostTwoDecimals, maxDonationAmountSchema } from '../rules.ts'
import { messagesAt } from '../../test/support.ts'

describe('durationSchema', () => {
  it('0 is below the minimum', () => {
    expect(messagesAt(durationSchema, 0)).toEqual(['El mínimo de días es 1'])
  })
  it('1 and 200 are accepted', () => {
    expect(durationSchema.safeParse(1).success).toBe(true)
    expect(durationSchema.safeParse(200).success).toBe(true)
  })
  it('201 is above the maximum', () => {
    expect(messagesAt(durationSchema, 201)).toEqual(['El máximo de días es 200'])
  })
  it("missing or empty is 'Campo requerido'", () => {
    expect(messagesAt(durationSchema, undefined)).toEqual(['Campo requerido'])
    expect(messagesAt(durationSchema, NaN)).toEqual(['Campo requerido'])
    expect(messagesAt(durationSchema, '')).toEqual(['Campo requerido'])
  })
  it('refuses fractions of a day', () => {
    expect(messagesAt(durationSchema, 1.5)).toEqual(['Ingrese un número entero'])
  })
})

describe('goalSchema', () => {
  it('-1 is negative', () => {
    expect(messagesAt(goalSchema, -1)).toEqual(['Los números negativos no son válidos'])
  })
  it('0 and 10,000,000 are accepted', () => {
    expect(goalSchema.safeParse(0).success).toBe(true)
    expect(goalSchema.safeParse(10_000_000).success).toBe(true)
  })
  it('10,000,001 exceeds the maximum', () => {
    expect(messagesAt(goalSchema, 10_000_001)).toEqual(['Ha sobrepasado el máximo de donaciones'])
  })
  it("an empty value is 'Campo requerido'", () => {
    expect(messagesAt(goalSchema, undefined)).toEqual(['Campo requerido'])
    expect(messagesAt(goalSchema, null)).toEqual(['Campo requerido'])
    expect(messagesAt(goalSchema, NaN)).toEqual(['Campo requerido'])
    expect(messagesAt(goalSchema, '')).toEqual(['Campo requerido'])
  })
})

describe('donationAmountSchema', () => {
  it('0.99 is below the minimum, 1 is accepted', () => {
    expect(messagesAt(donationAmountSchema, 0.99)).toEqual(['La cantidad mínima de donación es 1 peso'])
    expect(donationAmountSchema.safeParse(1).success).toBe(true)
  })
  it("is 'Campo requerido' when missing", () => {
    expect(messagesAt(donationAmountSchema, undefined)).toEqual(['Campo requerido'])
  })
})

describe('donation amount: two decimals and the maximum', () => {
  it('accepts pesos and centavos, refuses a third decimal', () => {
    expect(donationAmountSchema.safeParse(100.5).success).toBe(true)
    expect(donationAmountSchema.safeParse(0.29 + 1).success).toBe(true)
    expect(donationAmountSchema.safeParse(100.12).success).toBe(true)
    expect(messagesAt(donationAmountSchema, 1.005)).toEqual(['La cantidad admite como máximo dos decimales'])
    expect(messagesAt(donationAmountSchema, 100.129)).toEqual(['La cantidad admite como máximo dos decimales'])
    expect(hasAtMostTwoDecimals(1.005)).toBe(false)
    expect(hasAtMostTwoDecimals(0.29)).toBe(true)
  })
  it('never lets 1e308 through, whatever the configuration', () => {
    expect(messagesAt(donationAmountSchema, 1e308)).toEqual(['La cantidad máxima por donación es de $10,000,000.00 MXN'])
    expect(donationAmountSchema.safeParse(Infinity).success).toBe(false)
  })
  it('refuses more than the configured maximum with its Spanish message', () => {
    const upTo = donationAmountUpTo(100_000)
    expect(upTo.safeParse(100_000).success).toBe(true)
    expect(messagesAt(upTo, 100_000.01)).toEqual(['La cantidad máxima por donación es de $100,000.00 MXN'])
    expect(messagesAt(upTo, 100.129)).toEqual(['La cantidad admite como máximo dos decimales'])
  })
  it('the configured maximum is 1..10,000,000 with two decimals at most', () => {
    expect(maxDonationAmountSchema.safeParse(100_000).success).toBe(true)
    expect(messagesAt(maxDonationAmountSchema, 0)).toEqual(['La cantidad mínima de donación es 1 peso'])
    expect(messagesAt(maxDonationAmountSchema, 10_000_001)).toEqual(['Ha sobrepasado el máximo de donaciones'])
    expect(messagesAt(maxDonationAmountSchema, 10.001)).toEqual(['La cantidad admite como máximo dos decimales'])
    expect(messagesAt(maxDonationAmountSchema, undefined)).toEqual(['Campo requerido'])
  })
})
