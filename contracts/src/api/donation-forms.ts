import { z } from 'zod'
import { INVALID_CVC, maxLengthMessage } from '../messages.ts'
import { CONTACT_PHONE_MAX } from '../limits.ts'
import {
  cardExpirySchema,
  cardNumberSchema,
  cvcLengthFor,
  cvcSchema,
  donationAmountSchema,
  emailSchema,
  personNameSchema,
  requiredString,
  voucherPhoneSchema,
} from '../rules.ts'

/** Amount input of the donation card (default 100). */
export const donationAmountFormSchema = z.object({ amount: donationAmountSchema })

/** Card modal: the card data goes to the provider's tokenizer only, never to our server. */
/** The card alone, for a monthly donor giving another card from their e-mail's link. */
export const replacementCardFormSchema = z
  .object({ number: cardNumberSchema, name: personNameSchema, expiry: cardExpirySchema, cvc: cvcSchema })
  .refine((card) => card.cvc.length === cvcLengthFor(card.number), { error: INVALID_CVC, path: ['cvc'] })
export type ReplacementCardForm = z.infer<typeof replacementCardFormSchema>

export const cardFormSchema = z
  .object({
    number: cardNumberSchema,
    name: personNameSchema,
    expiry: cardExpirySchema,
    cvc: cvcSchema,
    email: emailSchema,
    phone: requiredString.max(CONTACT_PHONE_MAX, maxLengthMessage(CONTACT_PHONE_MAX)),
  })
  .refine((card) => card.cvc.length === cvcLengthFor(card.number), {
    error: INVALID_CVC,
    path: ['cvc'],
  })
export type CardForm = z.infer<typeof cardFormSchema>

/** Cash-voucher data form. */
export const voucherFormSchema = z.object({
  name: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: voucherPhoneSchema,
})
export type VoucherForm = z.infer<typeof voucherFormSchema>
