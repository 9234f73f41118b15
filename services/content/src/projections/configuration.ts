import {
  configurationCreated,
  configurationUpdated,
  defaultDonataria,
  defaultDonationSettings,
  type Donataria,
  type DonationSettings,
  type EventDataOf,
} from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

export type ConfigurationDetails = EventDataOf<typeof configurationCreated>

export interface StoredConfiguration {
  id: string
  details: ConfigurationDetails
  createdAt: string
  updatedAt: string
}

/** The site configuration without its secrets (those live encrypted in config_secrets). */
export const configurationProjection = typedProjection({
  name: 'configuration',
  tables: ['configuration'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.configuration (
      id text primary key,
      stream_version integer not null,
      details jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`)
  },
  handlers: [on(configurationCreated, saveConfiguration), on(configurationUpdated, saveConfiguration)],
})

async function saveConfiguration(details: ConfigurationDetails, event: { version: number; occurredAt: string }, tx: SqlExecutor, schema: string): Promise<void> {
  await tx.query(
    `insert into ${ident(schema)}.configuration (id, stream_version, details, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, $4)
     on conflict (id) do update set stream_version = excluded.stream_version, details = excluded.details, updated_at = excluded.updated_at`,
    [details.configurationId, event.version, JSON.stringify(details), event.occurredAt],
  )
}

interface ConfigurationRow {
  id: string
  stream_version: number
  details: ConfigurationDetails
  created_at: Date | string
  updated_at: Date | string
}

/** The configuration, once the setup wizard has created it. */
export async function loadConfiguration(db: SqlExecutor, schema: string): Promise<StoredConfiguration | undefined> {
  const { rows } = await db.query<ConfigurationRow>(
    `select id, details, created_at, updated_at from ${ident(schema)}.configuration order by created_at limit 1`,
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    details: row.details,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

/** The donation settings of a configuration; one recorded before they existed has the defaults. */
export function donationSettingsOf(details: ConfigurationDetails | undefined): DonationSettings {
  return { ...defaultDonationSettings, ...details?.donations }
}

/** 'Donataria autorizada' of a configuration; one recorded before it existed is off. */
export function donatariaOf(details: ConfigurationDetails | undefined): Donataria {
  return { ...defaultDonataria, ...details?.donataria }
}
