import { z } from 'zod'
import { REQUIRED, RFC_CHECK_DIGIT, RFC_DATE, RFC_FORMAT, RFC_GENERIC, RFC_LENGTH } from '../messages.ts'

/**
 * The RFC (Registro Federal de Contribuyentes): 12 characters for a persona moral (3 letters), 13
 * for a persona física (4 letters), then the date YYMMDD and a 3-character homoclave whose last
 * character is the SAT's check digit.
 */
export type RfcKind = 'fisica' | 'moral'

/** The generic RFCs of the público en general and of foreigners: nobody can deduct with them. */
export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'] as const

/** What the rule found wrong with an RFC, in the order it checks. */
export type RfcProblem = 'length' | 'format' | 'date' | 'checkDigit' | 'generic'

export const rfcMessages: Readonly<Record<RfcProblem, string>> = {
  length: RFC_LENGTH,
  format: RFC_FORMAT,
  date: RFC_DATE,
  checkDigit: RFC_CHECK_DIGIT,
  generic: RFC_GENERIC,
}

/** As the donor types it: trimmed, upper case (ñ → Ñ), without the spaces and hyphens some write between its parts. */
export function normalizeRfc(value: string): string {
  return value.toLocaleUpperCase('es-MX').replace(/[\s-]/g, '')
}

/** 'moral' for 12 characters, 'fisica' for 13; undefined for any other length. */
export function rfcKind(rfc: string): RfcKind | undefined {
  return rfc.length === 12 ? 'moral' : rfc.length === 13 ? 'fisica' : undefined
}

/** The SAT's value of each character: 0-9 → 0-9, A-N → 10-23, & → 24, O-Z → 25-36, space → 37, Ñ → 38. */
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ'

/**
 * The SAT's check digit of an RFC without it (11 or 12 characters; a persona moral's is preceded
 * by a space to make 12): the sum of each value times 13, 12, … 2, modulo 11; 0 gives '0', else
 * 11 minus it, 10 written 'A'.
 */
export function rfcCheckDigit(withoutDigit: string): string {
  const body = withoutDigit.padStart(12, ' ')
  let sum = 0
  for (let index = 0; index < 12; index += 1) {
    const value = CHECK_ALPHABET.indexOf(body.charAt(index))
    if (value < 0) throw new RangeError(`Carácter fuera del RFC: ${body.charAt(index)}`)
    sum += value * (13 - index)
  }
  return CHECK_ALPHABET.charAt((11 - (sum % 11)) % 11)
}

const SHAPES: Readonly<Record<RfcKind, RegExp>> = {
  moral: /^[A-ZÑ&]{3}\d{6}[A-Z\d]{2}[\dA]$/,
  fisica: /^[A-ZÑ&]{4}\d{6}[A-Z\d]{2}[\dA]$/,
}

/** YYMMDD of any century: February 29 passes in years divisible by 4 (2000 was a leap year). */
function isRfcDate(yymmdd: string): boolean {
  const year = Number(yymmdd.slice(0, 2))
  const month = Number(yymmdd.slice(2, 4))
  const day = Number(yymmdd.slice(4, 6))
  if (month < 1 || month > 12 || day < 1) return false
  const days = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  return day <= days
}

/**
 * The first problem of an RFC already normalised, or undefined when it is valid. With
 * `refuseGeneric` the generic RFCs are refused too (a deductible receipt needs the deductor's).
 */
export function rfcProblem(rfc: string, { refuseGeneric = false }: { refuseGeneric?: boolean } = {}): RfcProblem | undefined {
  const kind = rfcKind(rfc)
  if (!kind) return 'length'
  if (!SHAPES[kind].test(rfc)) return 'format'
  const letters = kind === 'moral' ? 3 : 4
  if (!isRfcDate(rfc.slice(letters, letters + 6))) return 'date'
  if (refuseGeneric && (GENERIC_RFCS as readonly string[]).includes(rfc)) return 'generic'
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return 'checkDigit'
  return undefined
}

export function isValidRfc(rfc: string, options?: { refuseGeneric?: boolean }): boolean {
  return rfcProblem(normalizeRfc(rfc), options) === undefined
}

/**
 * A required RFC, normalised, with the Spanish message of its first problem. `refuseGeneric` for a
 * deductible receipt's receiver.
 */
export function rfcSchema(options: { refuseGeneric?: boolean } = {}) {
  return z
    .string({ error: REQUIRED })
    .transform(normalizeRfc)
    .superRefine((rfc, context) => {
      const problem = rfc === '' ? undefined : rfcProblem(rfc, options)
      if (rfc === '') context.addIssue({ code: 'custom', message: REQUIRED })
      else if (problem) context.addIssue({ code: 'custom', message: rfcMessages[problem] })
    })
}
