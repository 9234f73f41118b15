import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { confirmationSchema, isStrongPassword, passwordSchema, withConfirmation } from '../rules.ts'
import { messagesAt } from '../../test/support.ts'

describe('isStrongPassword', () => {
  it.each([
    ['abcdefG1', true], // lower + upper + digit
    ['abcdefg!1', true], // lower + symbol + digit
    ['ABCDEFG!1', true], // symbol + upper + digit, no lower case
    ['abcdefG!', true], // lower + upper + symbol
    ['abcdefgh', false], // lower only
    ['Abcdefgh', false], // lower + upper only
    ['abcdefg1', false], // lower + digit only
    ['ABCDEFG1', false], // upper + digit, no symbol
    ['Ab1!', false], // too short
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong)
  })
})

describe('passwordSchema', () => {
  it("'abc' gives only the minimum length message", () => {
    expect(messagesAt(passwordSchema, 'abc')).toEqual(['El mínimo de caracteres es de 8'])
  })
  it("'abcdefgh' and 'Abcdefgh' are weak", () => {
    expect(messagesAt(passwordSchema, 'abcdefgh')).toEqual(['Contraseña poco segura'])
    expect(messagesAt(passwordSchema, 'Abcdefgh')).toEqual(['Contraseña poco segura'])
  })
  it.each(['abcdefG1', 'abcdefg!1', 'ABCDEFG!1'])('%s is accepted', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true)
  })
  it("is 'Campo requerido' when missing or empty", () => {
    expect(messagesAt(passwordSchema, undefined)).toEqual(['Campo requerido'])
    expect(messagesAt(passwordSchema, '')).toEqual(['Campo requerido'])
  })
})

describe('withConfirmation', () => {
  const form = withConfirmation(
    z.object({ email: z.string().min(1, 'Campo requerido'), password: passwordSchema, confirmation: confirmationSchema }),
    'password',
  )

  it('reports the mismatch on the confirmation path', () => {
    expect(messagesAt(form, { email: 'a', password: 'abcdefG1', confirmation: 'abcdefG2' }, 'confirmation')).toEqual([
      'Las contraseñas no coinciden',
    ])
    expect(messagesAt(form, { email: 'a', password: 'abcdefG1', confirmation: 'abcdefG2' }, '')).toEqual([])
  })

  it('reports the mismatch even when another field is missing', () => {
    expect(messagesAt(form, { password: 'abcdefG1', confirmation: 'x' }, 'confirmation')).toEqual([
      'Las contraseñas no coinciden',
    ])
  })

  it('passes when both match and shows only required on an empty confirmation', () => {
    expect(form.safeParse({ email: 'a', password: 'abcdefG1', confirmation: 'abcdefG1' }).success).toBe(true)
    expect(messagesAt(form, { email: 'a', password: 'abcdefG1', confirmation: '' }, 'confirmation')).toEqual([
      'Campo requerido',
    ])
  })
})
