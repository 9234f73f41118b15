import { z } from 'zod'
import { CONTACT_EMAIL_MAX, TAX_NAME_MAX } from '../limits.ts'
import { maxLengthMessage, POSTAL_CODE_FORMAT, REQUIRED, TAX_REGIME_FOR_FISICA, TAX_REGIME_FOR_MORAL } from '../messages.ts'
import { normalizeRfc, rfcKind, rfcProblem, rfcSchema } from './rfc.ts'
import { taxRegimeFits, taxRegimeSchema } from './tax-regime.ts'
import { email, requiredString } from './text.ts'

/** CFDI use of every deductible receipt: D04 'Donativos'. */
export const CFDI_USE_DONATIONS = 'D04' as const

/** The postal code of a tax address: 5 digits. */
export const postalCodeSchema = requiredString.regex(/^\d{5}$/, POSTAL_CODE_FORMAT)

/** The name or business name exactly as registered with SAT (inner runs of spaces made one). */
export const taxNameSchema = requiredString.max(TAX_NAME_MAX, maxLengthMessage(TAX_NAME_MAX)).transform((name) => name.replace(/\s+/g, ' '))

/** The fields of a donor's request for a deductible receipt. */
export const receiptRequestShape = {
  rfc: rfcSchema({ refuseGeneric: true }),
  name: taxNameSchema,
  taxRegime: taxRegimeSchema,
  postalCode: postalCodeSchema,
  email: email(CONTACT_EMAIL_MAX),
}

function textAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' ? field : undefined
}

/**
 * A donor's receipt request {rfc, name, taxRegime, postalCode, email}: the regime must apply to the
 * kind of person the RFC names (12 characters moral, 13 física). The check runs whenever the RFC is
 * valid, whatever the other fields say, so every message shows at once.
 */
export const receiptRequestSchema = z.object(receiptRequestShape, { error: REQUIRED }).refine(
  (request) => {
    const kind = rfcKind(normalizeRfc(request.rfc))
    return kind === undefined || taxRegimeFits(request.taxRegime, kind)
  },
  {
    path: ['taxRegime'],
    error: (issue) => (rfcKind(normalizeRfc(textAt(issue.input, 'rfc') ?? '')) === 'moral' ? TAX_REGIME_FOR_MORAL : TAX_REGIME_FOR_FISICA),
    when: (payload) => {
      const rfc = normalizeRfc(textAt(payload.value, 'rfc') ?? '')
      return rfc !== '' && rfcProblem(rfc, { refuseGeneric: true }) === undefined && taxRegimeSchema.safeParse(textAt(payload.value, 'taxRegime')).success
    },
  },
)
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>
export type ReceiptRequestInput = z.input<typeof receiptRequestSchema>

/**
 * The receipt request as events record it (already validated by the request): the receiver's data
 * of the CFDI the charity's accountant stamps. Private to the donation service's admin answers.
 */
export const receiptRequestEventSchema = z.object({
  rfc: z.string(),
  name: z.string(),
  taxRegime: z.string(),
  postalCode: z.string(),
  email: z.string(),
})
export type RecordedReceiptRequest = z.infer<typeof receiptRequestEventSchema>
