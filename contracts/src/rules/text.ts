import { z } from 'zod'
import { COMMENT_MAX_LENGTH, INVALID_DATE, INVALID_EMAIL, INVALID_PERSON_NAME, INVALID_URL, maxLengthMessage, REQUIRED } from '../messages.ts'
import { COMMENT_MAX, DONOR_NAME_MAX } from '../limits.ts'

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

/**
 * A person's name as donors type it, and as it may appear in an e-mail to any address: one line of
 * Unicode letters (with their accents), spaces and the signs . ' - (’ too, as phones type it), at least
 * one letter. A dot directly followed by two letters ("correo.com", "x.co") is refused, so a name
 * cannot read as a web address; initials ("J.R. Ruiz") and abbreviations ("Sra. López") pass.
 */
const personNamePattern = /^[\p{L}\p{M} .'’-]+$/u
const looksLikeAddress = /\.\p{L}\p{M}*\p{L}/u

/** Whether `value` is an acceptable person's name (after trimming), whatever its length. */
export function isPersonName(value: string): boolean {
  const name = value.trim()
  return personNamePattern.test(name) && /\p{L}/u.test(name) && !looksLikeAddress.test(name)
}

/** Required donor name of at most `max` characters (card holder, voucher name and last name). */
export function personName(max: number = DONOR_NAME_MAX) {
  return requiredString.max(max, { error: maxLengthMessage(max), abort: true }).refine(isPersonName, INVALID_PERSON_NAME)
}
export const personNameSchema = personName()
