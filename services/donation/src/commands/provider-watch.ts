import type { PaymentProvider } from '@donaciones/contracts'
import type { DonationDeps } from '../deps.ts'
import { providerVerdictOf, type ProviderVerdict } from '../providers/provider-health.ts'

/** Records what a call said about the provider; a failure to record never changes the donor's answer. */
async function note(deps: DonationDeps, provider: PaymentProvider, verdict: ProviderVerdict): Promise<void> {
  try {
    if (verdict.kind === 'failure') await deps.providerHealth.failed(provider, verdict.problem, verdict.reason)
    else if (verdict.kind === 'answered') await deps.providerHealth.worked(provider)
  } catch (error) {
    deps.context.logger.warn({ err: error, provider }, 'No se pudo registrar el estado del proveedor de pagos')
  }
}

/**
 * The provider calls of one donation attempt: a refusal of our credentials, no answer or a 5xx
 * counts the attempt against the provider (Configuración and the dashboard's home show it to the
 * full administrator); any answer of the provider, a declined card included, ends its failure.
 */
export async function watchedCall<T>(deps: DonationDeps, provider: PaymentProvider, call: () => Promise<T>): Promise<T> {
  let result: T
  try {
    result = await call()
  } catch (error) {
    await note(deps, provider, providerVerdictOf(error))
    throw error
  }
  await note(deps, provider, { kind: 'answered' })
  return result
}
