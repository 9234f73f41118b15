import type { ProviderSim } from '../../tools/provider-sim/index.ts'
import type { SiteClient } from './site-client.ts'

/** Turns 'Donataria autorizada' on through the admin API (Configuración), the rest of the configuration as it is. */
export async function enableDonataria(site: SiteClient, adminToken: string, sim: ProviderSim): Promise<void> {
  const edit = (await (await site.api('/api/configuration/edit', { token: adminToken })).json()) as Record<string, Record<string, unknown>>
  const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
  const saved = await site.api('/api/configuration', {
    method: 'PUT',
    token: adminToken,
    json: {
      payload: {
        settings: { ...edit.settings, logo: idOf(edit.settings?.logo) },
        home: { ...edit.home, image: idOf(edit.home?.image) },
        contact: edit.contact,
        mailer: { auth: { user: (edit.mailer?.auth as { user: string }).user }, host: edit.mailer?.host, port: edit.mailer?.port },
        urls: edit.urls,
        providers: edit.providers,
        keys: { conekta: { client: sim.conekta.publicKey }, paypal: { client: sim.paypal.clientId } },
        donataria: { enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' },
      },
      historical: { cause: 'Actualización', description: 'Autorización del SAT' },
    },
  })
  if (saved.status !== 200) throw new Error(`Configuración no guardada: ${saved.status} ${await saved.text()}`)
}
