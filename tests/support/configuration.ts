import type { SiteClient } from './site-client.ts'

/** The configuration as `PUT /api/configuration` takes it back: the edit view, files as their ids, no secrets. */
export type ConfigurationPayload = Record<string, unknown>

/**
 * Saves the configuration through the admin API (Configuración): the edit view as it is, files as
 * their ids and no secrets (a secret left out keeps the stored one), with `change` applied on top.
 */
export async function saveConfiguration(site: SiteClient, adminToken: string, change: (stored: Record<string, Record<string, unknown>>) => ConfigurationPayload, description: string): Promise<void> {
  const edit = (await (await site.api('/api/configuration/edit', { token: adminToken })).json()) as Record<string, Record<string, unknown>>
  const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
  const keys = edit.keys as Record<'conekta' | 'paypal', { client: string }>
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
        keys: { conekta: { client: keys.conekta.client }, paypal: { client: keys.paypal.client } },
        ...change(edit),
      },
      historical: { cause: 'Actualización', description },
    },
  })
  if (saved.status !== 200) throw new Error(`Configuración no guardada: ${saved.status} ${await saved.text()}`)
}
