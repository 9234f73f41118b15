import type { InternalProviderCheckRequest, InternalProviderCheckResponse, PaymentProvider } from '@donaciones/contracts'
import { conflict } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { ConektaClient } from '../providers/conekta-client.ts'
import { loadPaymentSettings } from '../providers/payment-settings.ts'
import { PaypalClient } from '../providers/paypal-client.ts'
import { providerVerdictOf } from '../providers/provider-health.ts'

/** A failed check as its outcome: what the provider said about our credentials, or its own error. */
function failedCheck(error: unknown): InternalProviderCheckResponse {
  const verdict = providerVerdictOf(error)
  if (verdict.kind === 'failure') return { outcome: verdict.problem, reason: verdict.reason }
  // Answered, but not with what a harmless read answers (an unexpected 4xx, a body we cannot read).
  return { outcome: 'provider-error', reason: error instanceof Error ? error.message : String(error) }
}

async function attempt(call: () => Promise<void>): Promise<InternalProviderCheckResponse> {
  try {
    await call()
    return { outcome: 'ok', reason: null }
  } catch (error) {
    return failedCheck(error)
  }
}

/** The stored keys, read afresh from the content service (not the settings kept for donations: they may be two seconds old). */
async function storedCheck(deps: DonationDeps, provider: PaymentProvider, requestId?: string): Promise<() => Promise<void>> {
  const settings = await loadPaymentSettings(deps.context.directory, requestId)
  if (provider === 'conekta') {
    const { privateKey } = settings.conekta
    if (!privateKey) throw conflict('Sin llave guardada', 'Guarde la llave privada de Conekta antes de probar la conexión')
    return () => new ConektaClient(privateKey, deps.options.conektaApiUrl).ping()
  }
  const { clientId, secret } = settings.paypal
  if (!clientId || !secret) throw conflict('Sin llaves guardadas', 'Guarde el Client ID y el secreto de PayPal antes de probar la conexión')
  return () => new PaypalClient({ clientId, secret }, deps.options.paypalApiUrl).checkCredentials()
}

function typedCheck(deps: DonationDeps, request: InternalProviderCheckRequest): (() => Promise<void>) | undefined {
  if (request.service === 'conekta') {
    const { privateKey } = request
    return privateKey === undefined ? undefined : () => new ConektaClient(privateKey, deps.options.conektaApiUrl).ping()
  }
  const { clientId, secret } = request
  if (clientId === undefined && secret === undefined) return undefined
  return () => new PaypalClient({ clientId: clientId ?? '', secret: secret ?? '' }, deps.options.paypalApiUrl).checkCredentials()
}

/**
 * 'Probar conexión' of a payment provider: a real call that changes nothing (Conekta: list one
 * order; PayPal: the OAuth token), with the keys typed in the wizard or the stored ones. A success
 * with the stored keys ends the provider's failure as a donation that goes through does.
 */
export async function checkProvider(deps: DonationDeps, request: InternalProviderCheckRequest, requestId?: string): Promise<InternalProviderCheckResponse> {
  const typed = typedCheck(deps, request)
  const answer = await attempt(typed ?? (await storedCheck(deps, request.service, requestId)))
  if (!typed && answer.outcome === 'ok') await deps.providerHealth.worked(request.service, { force: true })
  return answer
}
