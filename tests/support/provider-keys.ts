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
  const edit = (await (await site.api('/api/configuration/edit', { token: adminToken })).json()) as Record<string, Record<string, unknown>>
  const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
  const stored = edit.keys as Record<'conekta' | 'paypal', { client: string }>
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
        keys: { conekta: keys.conekta ?? { client: stored.conekta.client }, paypal: keys.paypal ?? { client: stored.paypal.client } },
      },
      historical: { cause: 'Actualización', description: 'Cambio de llaves' },
    },
  })
  if (saved.status !== 200) throw new Error(`Llaves no guardadas: ${saved.status} ${await saved.text()}`)
}
