import { z } from 'zod'
import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH, REQUIRED, WEAK_PASSWORD } from '../messages.ts'
import { PASSWORD_MIN } from '../limits.ts'

const LOWER = /\p{Ll}/u
const UPPER = /\p{Lu}/u
const DIGIT = /\p{Nd}/u
const SYMBOL = /[^\p{L}\p{N}\s]/u

/**
 * Spec §5: 8+ characters including a lowercase letter plus two of {upper case, digit, symbol},
 * or a symbol with an upper case and a digit. A symbol is anything but a letter, digit or space.
 */
export function isStrongPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN) return false
  const upper = UPPER.test(password)
  const digit = DIGIT.test(password)
  const symbol = SYMBOL.test(password)
  const others = [upper, digit, symbol].filter(Boolean).length
  return (LOWER.test(password) && others >= 2) || (symbol && upper && digit)
}

/**
 * A new password: required, then minimum 8, then strength; one message at a time. Trimmed, like
 * the sign-in form (spec §9), so a password can always be typed back at login.
 */
export const passwordSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .min(PASSWORD_MIN, { error: PASSWORD_MIN_LENGTH, abort: true })
  .refine(isStrongPassword, WEAK_PASSWORD)

/** The confirmation field itself: only required; the match is checked by `withConfirmation`. */
export const confirmationSchema = z.string({ error: REQUIRED }).trim().min(1, REQUIRED)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Adds 'Las contraseñas no coinciden' on the `confirmation` path when `confirmation` differs
 * from `field`. Runs even when other fields of the object are invalid (as long as both values
 * are non-empty strings), so forms show the mismatch together with the other errors.
 */
export function withConfirmation<K extends string, T extends z.ZodType<Record<K, string> & { confirmation: string }>>(
  schema: T,
  field: K,
): T {
  return schema.refine((value) => value[field] === value.confirmation, {
    error: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmation'],
    when: (payload) => {
      const value = payload.value
      return (
        isRecord(value) &&
        typeof value[field] === 'string' &&
        typeof value.confirmation === 'string' &&
        value.confirmation !== ''
      )
    },
  })
}
