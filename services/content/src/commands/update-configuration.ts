import {
  configurationUpdated,
  providerNames,
  REQUIRED,
  type ConfigurationInput,
  type HistoricalInput,
} from '@donaciones/contracts'
import { newEvent, notFound, validationError, type FieldError, type ServiceContext } from '@donaciones/kit'
import { donatariaOf, donationSettingsOf, loadConfiguration, type ConfigurationDetails, type StoredConfiguration } from '../projections/configuration.ts'
import { readSecrets, writeSecrets, type SecretName, type Secrets } from '../secrets/secret-store.ts'
import { requireFiles, sanitizeRequired } from './checks.ts'

export interface ConfigurationChangeMeta {
  actor: string
  correlationId: string
  historical: HistoricalInput
}

export const configurationNotFound = () => notFound('Configuración no encontrada', 'El sitio aún no está configurado')

/** Secrets typed in the form; a blank one keeps what is stored. */
export function typedSecrets(input: Pick<ConfigurationInput, 'keys'> & { mailer: { auth: { pass?: string | undefined } } }): Secrets {
  const typed: Secrets = {}
  for (const provider of providerNames) {
    const secret = input.keys[provider]?.secret?.trim()
    if (secret) typed[provider] = secret
  }
  const pass = input.mailer.auth.pass?.trim()
  if (pass) typed.mailer = pass
  return typed
}

/** Names whose value `typed` changes (the events carry these names, never the values). */
export function changedSecrets(stored: Secrets, typed: Secrets): SecretName[] {
  return (Object.keys(typed) as SecretName[]).filter((name) => stored[name] !== typed[name])
}

/** Configuration screen save (role 0): PUT /api/configuration. */
export async function updateConfiguration(
  context: ServiceContext,
  key: Buffer,
  input: ConfigurationInput,
  meta: ConfigurationChangeMeta,
): Promise<StoredConfiguration> {
  const { db, store } = context
  const schema = store.schema
  const { content } = sanitizeRequired({ content: { path: 'payload.home.content', html: input.home.content } })
  await requireFiles(db, schema, { 'payload.settings.logo': input.settings.logo, 'payload.home.image': input.home.image })

  return store.transaction(async (tx) => {
    const current = await loadConfiguration(tx, schema)
    if (!current) throw configurationNotFound()
    const stored = await readSecrets(tx, schema, key)
    const typed = typedSecrets(input)
    // An enabled provider needs a secret, stored before or typed now.
    const errors: FieldError[] = providerNames
      .filter((provider) => input.providers[provider] && !typed[provider] && !stored[provider])
      .map((provider) => ({ path: `payload.keys.${provider}.secret`, message: REQUIRED }))
    if (errors.length > 0) throw validationError(errors)

    const secretsChanged = changedSecrets(stored, typed)
    const clients = Object.fromEntries(
      providerNames.map((provider) => [provider, input.keys[provider]?.client?.trim() ?? current.details.clients[provider]]),
    ) as ConfigurationDetails['clients']
    const details: ConfigurationDetails = {
      configurationId: current.id,
      settings: { name: input.settings.name, logo: input.settings.logo, gratitudeMessage: input.settings.gratitudeMessage },
      home: { showCounters: input.home.showCounters, content, image: input.home.image },
      contact: input.contact,
      urls: { facebook: input.urls.facebook ?? '', twitter: input.urls.twitter ?? '', instagram: input.urls.instagram ?? '' },
      providers: input.providers,
      clients,
      mailer: { host: input.mailer.host, port: input.mailer.port, user: input.mailer.auth.user },
      pages: current.details.pages,
      donations: input.donations ?? donationSettingsOf(current.details),
      donataria: input.donataria ?? donatariaOf(current.details),
      secretsChanged,
    }
    await writeSecrets(
      tx,
      schema,
      key,
      Object.fromEntries(secretsChanged.map((name) => [name, typed[name]])) as Secrets,
    )
    await store.appendIn(tx, `configuration-${current.id}`, [newEvent(configurationUpdated, details)], {
      expectedVersion: current.version,
      metadata: meta,
    })
    return (await loadConfiguration(tx, schema))!
  })
}
