import { providerFailuresResponseSchema, type ProviderFailuresResponse } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** The query key of the payment providers' failures (a successful 'Probar conexión' invalidates it). */
export const PROVIDER_FAILURES_KEY = '/donations/providers/failures'

/** GET /api/donations/providers/failures (role 0): the providers whose calls fail at donation time. */
export function fetchProviderFailures(signal?: AbortSignal): Promise<ProviderFailuresResponse> {
  return apiRequest('LOAD_PROVIDER_FAILURES', PROVIDER_FAILURES_KEY, {
    schema: providerFailuresResponseSchema,
    silent: true,
    ...(signal && { signal }),
  })
}
