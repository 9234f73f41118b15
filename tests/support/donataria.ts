import type { ProviderSim } from '../../tools/provider-sim/index.ts'
import { saveConfiguration } from './configuration.ts'
import type { SiteClient } from './site-client.ts'

/** Turns 'Donataria autorizada' on through the admin API (Configuración), the rest of the configuration as it is. */
export async function enableDonataria(site: SiteClient, adminToken: string, sim: ProviderSim): Promise<void> {
  await saveConfiguration(
    site,
    adminToken,
    () => ({
      keys: { conekta: { client: sim.conekta.publicKey }, paypal: { client: sim.paypal.clientId } },
      donataria: { enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' },
    }),
    'Autorización del SAT',
  )
}
