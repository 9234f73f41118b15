import { internalPaymentSettingsResponseSchema, type InternalPaymentSettingsResponse } from '@donaciones/contracts'
import { callServiceOk, type ServiceDirectory } from '@donaciones/kit'

export type PaymentSettings = InternalPaymentSettingsResponse

/** The providers' switches and keys, decrypted by the content service (internal call; never cached, never logged). */
export async function loadPaymentSettings(directory: ServiceDirectory, requestId?: string): Promise<PaymentSettings> {
  const body = await callServiceOk<unknown>(directory, 'content', '/internal/configuration/payments', requestId ? { requestId } : {})
  return internalPaymentSettingsResponseSchema.parse(body)
}
