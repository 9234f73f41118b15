import { INVALID_EMAIL, REQUIRED, type LoginRequest } from '@donaciones/contracts'
import { regexes } from 'zod/v4/core'

export interface LoginValues {
  email: string
  password: string
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>

/**
 * The login form's check, without zod's schema classes: /login is a public page with a 150 KB
 * JavaScript budget and zod with the contracts weighs about 25 KB there. It gives what
 * `loginRequestSchema` gives for the form's strings (trimmed values, 'Campo requerido', then
 * zod's own e-mail pattern with 'Correo electrónico inválido'); login-check.test.ts compares
 * the two.
 */
export function checkLogin(values: LoginValues): { errors: LoginErrors; data: LoginRequest | null } {
  const email = values.email.trim()
  const password = values.password.trim()
  const errors: LoginErrors = {}
  if (email === '') errors.email = REQUIRED
  else if (!regexes.email.test(email)) errors.email = INVALID_EMAIL
  if (password === '') errors.password = REQUIRED
  return { errors, data: errors.email || errors.password ? null : { email, password } }
}
