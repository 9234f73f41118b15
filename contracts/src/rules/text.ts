import { z } from 'zod'
import { COMMENT_MAX_LENGTH, INVALID_DATE, INVALID_EMAIL, INVALID_URL, maxLengthMessage, REQUIRED } from '../messages.ts'
import { COMMENT_MAX } from '../limits.ts'

/** A trimmed, non-empty string: 'Campo requerido' when missing, not a string, or blank. */
export const requiredString = z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED, abort: true })

/** Required trimmed text of at most `max` characters ('El máximo de caracteres es de N'). */
export function requiredText(max: number) {
  return requiredString.max(max, maxLengthMessage(max))
}

/** Optional trimmed text of at most `max` characters; blank is allowed. */
export function optionalText(max: number) {
  return z.string({ error: REQUIRED }).trim().max(max, maxLengthMessage(max)).optional()
}

/** Any string check for a maximum length with the spec's message. */
export function maxLength(max: number) {
  return z.string({ error: REQUIRED }).max(max, maxLengthMessage(max))
}

/** Object id: a non-empty string (the platform's ids are UUIDs, but clients only need a string). */
export const idSchema = z.string({ error: REQUIRED }).trim().min(1, REQUIRED)

/** Required, trimmed e-mail, optionally limited in length. */
export function email(max?: number) {
  const base = max === undefined ? requiredString : requiredString.max(max, { error: maxLengthMessage(max), abort: true })
  return base.pipe(z.email(INVALID_EMAIL))
}
export const emailSchema = email()

/** Calendar date YYYY-MM-DD (campaign publication date, edit forms). */
export const dateSchema = requiredString.pipe(z.iso.date(INVALID_DATE))

/** Comment text: required, at most 280 characters. */
export const commentTextSchema = requiredString.max(COMMENT_MAX, COMMENT_MAX_LENGTH)

/** http(s) URL or blank (social links). Other schemes (javascript:, data:) are refused. */
export const optionalUrlSchema = z
  .string({ error: INVALID_URL })
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), INVALID_URL)
  .optional()
