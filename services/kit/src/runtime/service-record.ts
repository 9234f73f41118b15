import type { ServiceName } from '@donaciones/contracts'

/** A value for each service, built without casts. */
export function perService<T>(valueFor: (service: ServiceName) => T): Record<ServiceName, T> {
  return {
    identity: valueFor('identity'),
    content: valueFor('content'),
    campaign: valueFor('campaign'),
    donation: valueFor('donation'),
    audit: valueFor('audit'),
  }
}
