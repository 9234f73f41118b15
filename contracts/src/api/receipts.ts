import { z } from 'zod'
import { paymentChannelSchema } from '../entities/donation.ts'
import { idSchema } from '../rules.ts'
import { STAMPED_PDF_MAX_BYTES, STAMPED_XML_MAX_BYTES } from '../limits.ts'

/** A deductible-receipt request: waiting for the accountant's stamped CFDI, or issued (mailed to the donor). */
export const receiptStatuses = ['pending', 'issued'] as const
export type ReceiptStatus = (typeof receiptStatuses)[number]

/** GET /receipts?status=: "Recibos deducibles", pending by default. */
export const receiptListQuerySchema = z.object({ status: z.enum(receiptStatuses).default('pending') })
export type ReceiptListQuery = z.infer<typeof receiptListQuerySchema>

/** One request of "Recibos deducibles": the donation and the donor's tax data (administrators only). */
export const receiptRequestRowSchema = z.object({
  donationId: idSchema,
  /** The donation's folio, 'D-000123'. */
  folio: z.string(),
  /** When the donation was approved (ISO). */
  approvedAt: z.string(),
  amount: z.number().positive(),
  method: paymentChannelSchema,
  campaign: z.object({ _id: idSchema, title: z.string() }),
  donor: z.string(),
  rfc: z.string(),
  name: z.string(),
  taxRegime: z.string(),
  postalCode: z.string(),
  email: z.string(),
  status: z.enum(receiptStatuses),
  issuedAt: z.string().nullable(),
  uuid: z.string().nullable(),
})
export type ReceiptRequestRow = z.infer<typeof receiptRequestRowSchema>
export const receiptListResponseSchema = z.array(receiptRequestRowSchema)

/** The multipart fields of POST /receipts/{donationId}/stamped. */
export const STAMPED_XML_FIELD = 'xml'
export const STAMPED_PDF_FIELD = 'pdf'
/** The multipart form of POST /receipts/{donationId}/stamped: the stamped CFDI's XML and its PDF. */
export const stampedReceiptRequestSchema = z.object({
  [STAMPED_XML_FIELD]: z.file().max(STAMPED_XML_MAX_BYTES),
  [STAMPED_PDF_FIELD]: z.file().max(STAMPED_PDF_MAX_BYTES),
})

/** POST /receipts/{donationId}/stamped answers the request, now issued. */
export const stampedReceiptResponseSchema = receiptRequestRowSchema
export const receiptParamsSchema = z.object({ donationId: idSchema })
