import { providerNames, secretNames, type ConfigurationInput, type HistoricalInput } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction, type ServiceContext } from '@donaciones/kit'
import { loadConfiguration, type StoredConfiguration } from '../projections/configuration.ts'
import { readSecrets, writeSecrets, type SecretName, type Secrets } from '../secrets/secret-store.ts'
import { requireFiles, sanitizeRequired } from './checks.ts'
import { configurationDecider, configurationNotFound, configurationStream } from './configuration-decider.ts'

export interface ConfigurationChangeMeta {
  actor: string
  correlationId: string
  historical: HistoricalInput
}

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

/**
 * Configuration screen save (role 0): PUT /api/configuration. The configuration's stream is found
 * through the read model (there is one); the decider folds that stream, and the changed secrets
 * are written in the transaction that appends the event.
 */
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

  return retryingTransaction(store, async (tx) => {
    const current = await loadConfiguration(tx, schema)
    if (!current) throw configurationNotFound()
    const stored = await readSecrets(tx, schema, key)
    const typed = typedSecrets(input)
    const secretsChanged = changedSecrets(stored, typed)
    const secretsHeld = secretNames.filter((name) => Boolean(typed[name] || stored[name]))
    await handleCommandIn(store, tx, configurationStream(current.id), configurationDecider, { kind: 'update', input, content, secretsHeld, secretsChanged }, { metadata: meta })
    await writeSecrets(tx, schema, key, Object.fromEntries(secretsChanged.map((name) => [name, typed[name]])) as Secrets)
    return (await loadConfiguration(tx, schema))!
  })
}
