import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { commentTextSchema, dateSchema, emailSchema, idSchema, isPersonName, optionalUrlSchema, personNameSchema, requiredString, requiredText } from '../rules.ts'
import { cardFormSchema, voucherFormSchema } from '../api/donation-forms.ts'
import { conektaDonationRequestSchema, oxxoRequestSchema } from '../api/donations.ts'
import { messagesAt } from '../../test/support.ts'

describe('requiredString', () => {
  it("gives 'Campo requerido' for missing, blank and non-string values", () => {
    expect(messagesAt(requiredString, undefined)).toEqual(['Campo requerido'])
    expect(messagesAt(requiredString, null)).toEqual(['Campo requerido'])
    expect(messagesAt(requiredString, 12)).toEqual(['Campo requerido'])
    expect(messagesAt(requiredString, '   ')).toEqual(['Campo requerido'])
  })

  it('trims', () => {
    expect(requiredString.parse('  hola ')).toBe('hola')
  })

  it("gives 'Campo requerido' for a missing object field, not zod's English default", () => {
    expect(messagesAt(z.object({ name: requiredString }), {}, 'name')).toEqual(['Campo requerido'])
  })
})

describe('requiredText(max)', () => {
  const name = requiredText(40)
  it('accepts the maximum and refuses one more', () => {
    expect(name.safeParse('a'.repeat(40)).success).toBe(true)
    expect(messagesAt(name, 'a'.repeat(41))).toEqual(['El máximo de caracteres es de 40'])
  })
  it('measures after trimming', () => {
    expect(name.safeParse(` ${'a'.repeat(40)} `).success).toBe(true)
  })
  it('reports only required on blank', () => {
    expect(messagesAt(name, '')).toEqual(['Campo requerido'])
  })
})

describe('emailSchema', () => {
  it('refuses an invalid address', () => {
    expect(messagesAt(emailSchema, 'ana@')).toEqual(['Correo electrónico inválido'])
    expect(messagesAt(emailSchema, 'ana.mx')).toEqual(['Correo electrónico inválido'])
  })
  it("says 'Campo requerido' (only) when empty or missing", () => {
    expect(messagesAt(emailSchema, '')).toEqual(['Campo requerido'])
    expect(messagesAt(emailSchema, undefined)).toEqual(['Campo requerido'])
  })
  it('accepts and trims a valid address', () => {
    expect(emailSchema.parse(' ana@ejemplo.mx ')).toBe('ana@ejemplo.mx')
  })
})

describe('commentTextSchema', () => {
  it('accepts 280 and refuses 281 characters', () => {
    expect(commentTextSchema.safeParse('a'.repeat(280)).success).toBe(true)
    expect(messagesAt(commentTextSchema, 'a'.repeat(281))).toEqual(['El máximo de caracteres es de 280'])
  })
  it('is required', () => {
    expect(messagesAt(commentTextSchema, '')).toEqual(['Campo requerido'])
    expect(messagesAt(commentTextSchema, undefined)).toEqual(['Campo requerido'])
  })
})

describe('dateSchema', () => {
  it('accepts YYYY-MM-DD only', () => {
    expect(dateSchema.safeParse('2025-03-31').success).toBe(true)
    expect(messagesAt(dateSchema, '31/03/2025')).toEqual(['Fecha inválida'])
    expect(messagesAt(dateSchema, '2025-13-01')).toEqual(['Fecha inválida'])
    expect(messagesAt(dateSchema, '')).toEqual(['Campo requerido'])
  })
})

describe('idSchema', () => {
  it('is a non-empty string', () => {
    expect(idSchema.safeParse('0b7c2c9e-1a51-4b0e-8f3e-3f1f0f6f7a10').success).toBe(true)
    expect(messagesAt(idSchema, '')).toEqual(['Campo requerido'])
    expect(messagesAt(idSchema, undefined)).toEqual(['Campo requerido'])
  })
})

describe('optionalUrlSchema', () => {
  it('accepts blank and http(s) links, refuses other schemes', () => {
    expect(optionalUrlSchema.safeParse('').success).toBe(true)
    expect(optionalUrlSchema.safeParse(undefined).success).toBe(true)
    expect(optionalUrlSchema.safeParse('https://facebook.com/fundacion').success).toBe(true)
    expect(messagesAt(optionalUrlSchema, 'javascript:alert(1)')).toEqual(['URL inválida'])
  })
})

describe('personNameSchema (donor names that go into e-mails)', () => {
  it('accepts one line of Unicode letters, spaces and . \' -', () => {
    for (const name of ["María José O'Neil-Ruíz", 'Ana Pérez', 'J.R. Ruiz', 'Sra. López', 'Zoë Ñúñez', 'O’Brien', '  Luis  ']) {
      expect(personNameSchema.safeParse(name).success, name).toBe(true)
    }
    expect(personNameSchema.parse('  Luis ')).toBe('Luis')
  })
  it("refuses web addresses, line breaks, digits and other signs with a Spanish message", () => {
    for (const name of ['https://estafa.mx', 'visita estafa.com', 'x.co', 'Ana\nPaga aquí', 'Ana\tPérez', 'Ana 123', 'Ana <b>', 'Ana@correo', 'Ana: paga', '---', '...']) {
      expect(messagesAt(personNameSchema, name), name).toEqual(["Escriba solo letras, espacios y los signos . ' -"])
    }
  })
  it('keeps the required and maximum-length messages (30, the spec\'s names)', () => {
    expect(messagesAt(personNameSchema, ' ')).toEqual(['Campo requerido'])
    expect(personNameSchema.safeParse('a'.repeat(30)).success).toBe(true)
    expect(messagesAt(personNameSchema, 'a'.repeat(31))).toEqual(['El máximo de caracteres es de 30'])
  })
  it('isPersonName is the same rule without the length', () => {
    expect(isPersonName('María José')).toBe(true)
    expect(isPersonName('Ana\r\nhttp://x')).toBe(false)
  })
})

describe('donation forms and requests use the person-name rule', () => {
  it('refuses a URL as card holder, OXXO name or last name', () => {
    const bad = 'www.estafa.com'
    expect(cardFormSchema.safeParse({ number: '4242424242424242', name: bad, expiry: '12/40', cvc: '123', email: 'a@b.mx', phone: '5512345678' }).success).toBe(false)
    expect(messagesAt(voucherFormSchema, { name: bad, lastName: 'Pérez', email: 'a@b.mx', phone: '5512345678' }, 'name')).toEqual(["Escriba solo letras, espacios y los signos . ' -"])
    expect(messagesAt(oxxoRequestSchema, { name: 'Ana', lastName: bad, email: 'a@b.mx', phone: '5512345678', campaign: 'c', amount: 100 }, 'lastName')).toEqual(["Escriba solo letras, espacios y los signos . ' -"])
    expect(messagesAt(conektaDonationRequestSchema, { token: 't', name: bad, amount: 100, campaign: 'c', email: 'a@b.mx', phone: '55' }, 'name')).toEqual(["Escriba solo letras, espacios y los signos . ' -"])
  })
})
