import { describe, expect, it } from 'vitest'
import { cardExpirySchema, cardNumberSchema, cvcLengthFor, cvcSchema, splitCardExpiry, voucherPhoneSchema } from '../rules.ts'
import { messagesAt } from '../../test/support.ts'

describe('voucherPhoneSchema', () => {
  it('accepts exactly 10 digits', () => {
    expect(voucherPhoneSchema.safeParse('5512345678').success).toBe(true)
  })
  it('refuses 9 and 11 digits', () => {
    expect(messagesAt(voucherPhoneSchema, '551234567')).toEqual(['El mínimo de caracteres es de 10'])
    expect(messagesAt(voucherPhoneSchema, '55123456789')).toEqual(['El máximo de caracteres es de 10'])
  })
  it('refuses non-digits and is required', () => {
    expect(messagesAt(voucherPhoneSchema, '55-1234-56')).toEqual(['Solo se permiten números'])
    expect(messagesAt(voucherPhoneSchema, '')).toEqual(['Campo requerido'])
  })
})

describe('cardNumberSchema', () => {
  it('accepts 16 to 22 digits or spaces', () => {
    expect(cardNumberSchema.safeParse('4242424242424242').success).toBe(true)
    expect(cardNumberSchema.safeParse('4242 4242 4242 4242').success).toBe(true)
    expect(cardNumberSchema.safeParse('4'.repeat(22)).success).toBe(true)
  })
  it('refuses 15 or 23 characters and letters', () => {
    expect(messagesAt(cardNumberSchema, '4'.repeat(15))).toEqual(['Número de tarjeta inválido'])
    expect(messagesAt(cardNumberSchema, '4'.repeat(23))).toEqual(['Número de tarjeta inválido'])
    expect(messagesAt(cardNumberSchema, '4242-4242-4242-4242')).toEqual(['Número de tarjeta inválido'])
  })
})

describe('cardExpirySchema', () => {
  it('accepts MM/YY only', () => {
    expect(cardExpirySchema.safeParse('09/27').success).toBe(true)
    expect(messagesAt(cardExpirySchema, '13/27')).toEqual(['Fecha de expiración inválida'])
    expect(messagesAt(cardExpirySchema, '9/27')).toEqual(['Fecha de expiración inválida'])
  })
  it('splits for the tokenizer', () => {
    expect(splitCardExpiry('09/27')).toEqual({ expMonth: '09', expYear: '2027' })
    expect(splitCardExpiry('0927')).toBeUndefined()
  })
})

describe('cvcSchema', () => {
  it('accepts 3 or 4 digits', () => {
    expect(cvcSchema.safeParse('123').success).toBe(true)
    expect(cvcSchema.safeParse('1234').success).toBe(true)
    expect(messagesAt(cvcSchema, '12')).toEqual(['Código de seguridad inválido'])
    expect(messagesAt(cvcSchema, '12345')).toEqual(['Código de seguridad inválido'])
  })
  it('expects 4 for amex, 3 otherwise', () => {
    expect(cvcLengthFor('3782 822463 10005')).toBe(4)
    expect(cvcLengthFor('4242424242424242')).toBe(3)
  })
})
