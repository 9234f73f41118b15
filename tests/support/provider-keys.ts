import { saveConfiguration } from './configuration.ts'
import type { SiteClient } from './site-client.ts'

export interface StoredKeys {
  conekta?: { client: string; secret?: string }
  paypal?: { client: string; secret?: string }
}

/**
 * Saves the payment providers' keys through the admin API (Configuración, PUT /api/configuration),
 * the rest of the configuration as it is; a secret left out keeps the stored one.
 */
export async function saveProviderKeys(site: SiteClient, adminToken: string, keys: StoredKeys): Promise<void> {
  await saveConfiguration(
    site,
    adminToken,
    (stored) => {
      const current = stored.keys as Record<'conekta' | 'paypal', { client: string }>
      return { keys: { conekta: keys.conekta ?? { client: current.conekta.client }, paypal: keys.paypal ?? { client: current.paypal.client } } }
    },
    'Cambio de llaves',
  )
}
