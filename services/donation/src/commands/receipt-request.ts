import { RECEIPTS_NOT_OFFERED, receiptRequestEventSchema, type ReceiptRequest, type RecordedReceiptRequest } from '@donaciones/contracts'
import { validationError } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { metadataString } from '../providers/conekta-types.ts'

/** The receipt request as events keep it: absent when the donor asked for none. */
export function receiptOf(input: { receipt?: ReceiptRequest | undefined }): { receipt?: RecordedReceiptRequest } {
  return input.receipt ? { receipt: receiptRequestEventSchema.parse(input.receipt) } : {}
}

/** Metadata keys of a Conekta order or customer, one per field (the provider keeps strings). */
const metadataKeys = {
  rfc: 'receiptRfc',
  name: 'receiptName',
  taxRegime: 'receiptTaxRegime',
  postalCode: 'receiptPostalCode',
  email: 'receiptEmail',
} as const satisfies Record<keyof RecordedReceiptRequest, string>

/** The request in a Conekta order's (or customer's) metadata: reconciliation records a lost donation with it. */
export function receiptMetadata(choice: { receipt?: RecordedReceiptRequest }): Record<string, string> {
  const { receipt } = choice
  if (!receipt) return {}
  return Object.fromEntries(Object.entries(metadataKeys).map(([field, key]) => [key, receipt[field as keyof RecordedReceiptRequest]]))
}

/** The request an order's (or customer's) metadata holds, if it holds a whole one. */
export function receiptFromMetadata(owner: { metadata?: Record<string, unknown> | null | undefined }): { receipt?: RecordedReceiptRequest } {
  const fields = Object.fromEntries(Object.entries(metadataKeys).map(([field, key]) => [field, metadataString(owner, key)]))
  const parsed = receiptRequestEventSchema.safeParse(fields)
  return parsed.success ? { receipt: parsed.data } : {}
}

/**
 * A receipt request is accepted only while 'Donataria autorizada' is on (the payment settings
 * the service reads from the content service); otherwise 422 before any provider is asked.
 */
export async function requireReceiptsOffered(deps: Pick<DonationDeps, 'paymentSettings'>, input: { receipt?: ReceiptRequest | undefined }, requestId: string): Promise<void> {
  if (!input.receipt) return
  const settings = await deps.paymentSettings.get(requestId)
  if (settings.donataria.enabled) return
  throw validationError([{ path: 'receipt', message: RECEIPTS_NOT_OFFERED }])
}
