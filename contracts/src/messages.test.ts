import { describe, expect, it } from 'vitest'
import * as messages from './messages.ts'

describe('messages', () => {
  it('keeps the spec texts verbatim', () => {
    expect(messages.REQUIRED).toBe('Campo requerido')
    expect(messages.INVALID_EMAIL).toBe('Correo electrónico inválido')
    expect(messages.PASSWORD_MIN_LENGTH).toBe('El mínimo de caracteres es de 8')
    expect(messages.WEAK_PASSWORD).toBe('Contraseña poco segura')
    expect(messages.PASSWORDS_DO_NOT_MATCH).toBe('Las contraseñas no coinciden')
    expect(messages.NEGATIVE_NUMBER).toBe('Los números negativos no son válidos')
    expect(messages.GOAL_MAX_EXCEEDED).toBe('Ha sobrepasado el máximo de donaciones')
    expect(messages.DURATION_MIN).toBe('El mínimo de días es 1')
    expect(messages.DURATION_MAX).toBe('El máximo de días es 200')
    expect(messages.COMMENT_MAX_LENGTH).toBe('El máximo de caracteres es de 280')
    expect(messages.DONATION_MIN_AMOUNT).toBe('La cantidad mínima de donación es 1 peso')
    expect(messages.ALREADY_EXISTS).toBe('Registro ya existente')
    expect(messages.SETUP_SUCCESS).toBe('Configuración exitosa')
  })

  it('builds the parameterised messages', () => {
    expect(messages.maxLengthMessage(40)).toBe('El máximo de caracteres es de 40')
    expect(messages.maxLengthMessage(280)).toBe(messages.COMMENT_MAX_LENGTH)
    expect(messages.minLengthMessage(8)).toBe(messages.PASSWORD_MIN_LENGTH)
    expect(messages.adminCreatedMessage('a@b.mx')).toBe('Se enviará una contraseña provisional a a@b.mx')
    expect(messages.thankYouMessage('Ana')).toBe('¡Gracias Ana! Tu apoyo es vital para este proyecto')
  })
})
