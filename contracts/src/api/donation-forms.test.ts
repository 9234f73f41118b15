import { describe, expect, it } from 'vitest'
import { cardFormSchema, voucherFormSchema } from './donation-forms.ts'
import { oxxoRequestSchema } from './donations.ts'
import { allMessages, messagesAt } from '../../test/support.ts'

const card = { number: '4242 4242 4242 4242', name: 'Ana', expiry: '09/27', cvc: '123', email: 'a@b.mx', phone: '5512345678' }

describe('cardFormSchema', () => {
  it('accepts a valid card', () => {
    expect(allMessages(cardFormSchema, card)).toEqual([])
  })
  it('wants 3 digits for a non-amex card and 4 for amex', () => {
    expect(messagesAt(cardFormSchema, { ...card, cvc: '1234' }, 'cvc')).toEqual(['Código de seguridad inválido'])
    expect(cardFormSchema.safeParse({ ...card, number: '3782 822463 10005 0', cvc: '1234' }).success).toBe(true)
    expect(messagesAt(cardFormSchema, { ...card, number: '3782 822463 10005 0', cvc: '123' }, 'cvc')).toEqual([
      'Código de seguridad inválido',
    ])
  })
  it('requires e-mail and phone', () => {
    expect(allMessages(cardFormSchema, { ...card, email: '', phone: '' })).toEqual(['email: Campo requerido', 'phone: Campo requerido'])
  })
})

describe('voucher', () => {
  it('phone must have 10 digits', () => {
    const form = { name: 'Ana', lastName: 'Pérez', email: 'a@b.mx', phone: '5512345678' }
    expect(voucherFormSchema.safeParse(form).success).toBe(true)
    expect(messagesAt(voucherFormSchema, { ...form, phone: '551234567' }, 'phone')).toEqual(['El mínimo de caracteres es de 10'])
    expect(messagesAt(voucherFormSchema, { ...form, phone: '55123456789' }, 'phone')).toEqual(['El máximo de caracteres es de 10'])
  })
  it('the request refuses an amount below 1 peso', () => {
    const request = { name: 'Ana', lastName: 'Pérez', email: 'a@b.mx', phone: '5512345678', campaign: 'c1', amount: 0.99 }
    expect(messagesAt(oxxoRequestSchema, request, 'amount')).toEqual(['La cantidad mínima de donación es 1 peso'])
    expect(oxxoRequestSchema.safeParse({ ...request, amount: 1 }).success).toBe(true)
  })
})
