import {
  DIGITS_ONLY,
  INVALID_CARD_EXPIRY,
  INVALID_CARD_NUMBER,
  INVALID_CVC,
  maxLengthMessage,
  minLengthMessage,
} from '../messages.ts'
import { CARD_NUMBER_MAX_LENGTH, CARD_NUMBER_MIN_LENGTH, VOUCHER_PHONE_LENGTH } from '../limits.ts'
import { requiredString } from './text.ts'

/** Cash-voucher phone: exactly 10 digits. */
export const voucherPhoneSchema = requiredString
  .regex(/^\d*$/, { error: DIGITS_ONLY, abort: true })
  .min(VOUCHER_PHONE_LENGTH, minLengthMessage(VOUCHER_PHONE_LENGTH))
  .max(VOUCHER_PHONE_LENGTH, maxLengthMessage(VOUCHER_PHONE_LENGTH))

/** Card number as typed: 16 to 22 characters, digits or spaces. */
export const cardNumberSchema = requiredString.regex(
  new RegExp(`^[\\d ]{${CARD_NUMBER_MIN_LENGTH},${CARD_NUMBER_MAX_LENGTH}}$`),
  INVALID_CARD_NUMBER,
)

/** Card expiry MM/YY. */
export const cardExpirySchema = requiredString.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, INVALID_CARD_EXPIRY)

/** CVC: 3 or 4 digits (the exact length depends on the card, see `cvcLengthFor`). */
export const cvcSchema = requiredString.regex(/^\d{3,4}$/, INVALID_CVC)

/** American Express numbers start with 34 or 37. */
export function isAmexCardNumber(cardNumber: string): boolean {
  return /^3[47]/.test(cardNumber.replace(/\s/g, ''))
}

/** 4 for amex, otherwise 3. */
export function cvcLengthFor(cardNumber: string): 3 | 4 {
  return isAmexCardNumber(cardNumber) ? 4 : 3
}

/** Splits 'MM/YY' into the tokenizer's exp_month and exp_year ('MM', '20YY'). */
export function splitCardExpiry(expiry: string): { expMonth: string; expYear: string } | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim())
  if (!match?.[1] || !match[2]) return undefined
  return { expMonth: match[1], expYear: `20${match[2]}` }
}
