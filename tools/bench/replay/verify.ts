import { donationApproved, upcastEventData, visitRecorded, type EventEnvelope } from '@donaciones/contracts'
import { ident, type Projection, type SqlExecutor } from '@donaciones/kit'
import { creationCause, historyRulesByKey, moduleLabels, updateCause } from '../../../services/audit/src/projections/history-rules.ts'
import type { HistoryEntryRow } from '../../../services/audit/src/projections/history-queries.ts'
import { historyEvents, type AuditLogMix } from './mix.ts'

/** Throws with every difference between what the projection holds and what the log implies. */
function expectSame(what: string, differences: string[]): void {
  if (differences.length > 0) throw new Error(`La reconstrucción de ${what} no coincide con el registro:\n  ${differences.slice(0, 10).join('\n  ')}`)
}

function compare(differences: string[], label: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) differences.push(`${label}: ${String(actual)} en lugar de ${String(expected)}`)
}

/** Counters: one visit per VisitRecorded, one donation per approval, donors by account or normalised e-mail. */
export async function verifyCounters(db: SqlExecutor, schema: string, mix: AuditLogMix): Promise<void> {
  const s = ident(schema)
  const { rows: counters } = await db.query<{ name: string; total: number }>(`select name, total from ${s}.counters`)
  const total = (name: string) => Number(counters.find((row) => row.name === name)?.total ?? 0)
  const { rows: visitRows } = await db.query<{ visits: number }>(`select count(*)::int as visits from ${s}.events where type = $1`, [visitRecorded.type])
  const { rows: donations } = await db.query<{ envelope: EventEnvelope }>(
    `select envelope from ${s}.inbox where envelope->>'service' = $1 and envelope->>'type' = $2`,
    [donationApproved.service, donationApproved.type],
  )
  const donors = new Set(
    donations.map(({ envelope }) => {
      const data = donationApproved.schema.parse(envelope.data)
      return data.userId ? `user:${data.userId}` : `email:${data.donor.email.trim().toLowerCase()}`
    }),
  )
  const { rows: donorRows } = await db.query<{ donors: number }>(`select count(*)::int as donors from ${s}.counter_donors`)
  const differences: string[] = []
  compare(differences, 'visitas en el registro', visitRows[0]?.visits, mix.visits)
  compare(differences, 'donaciones en el inbox', donations.length, mix.donations)
  compare(differences, 'contador visits', total('visits'), mix.visits)
  compare(differences, 'contador donations', total('donations'), mix.donations)
  compare(differences, 'contador donors', total('donors'), donors.size)
  compare(differences, 'filas de counter_donors', donorRows[0]?.donors, donors.size)
  expectSame('counters', differences)
}


/**
 * The history: one entry per handled event with its module, document, author, moment, the
 * administrator's justification (or the default cause) and the record's title as of that event.
 */
export async function verifyHistory(db: SqlExecutor, schema: string, mix: AuditLogMix): Promise<void> {
  const s = ident(schema)
  const { rows: received } = await db.query<{ envelope: EventEnvelope }>(
    `select envelope from ${s}.inbox where (envelope->>'service') || '.' || (envelope->>'type') = any($1::text[]) order by received_position`,
    [[...historyRulesByKey.keys()]],
  )
  const { rows: history } = await db.query<HistoryEntryRow>(`select id::text as id, module, document, label, title, cause, description, created_at, created_by from ${s}.history`)
  const { rows: titleRows } = await db.query<{ module: string; document: string; title: string }>(`select module, document, title from ${s}.history_titles`)
  const byId = new Map(history.map((row) => [row.id, row]))
  const titles = new Map<string, string>()
  const differences: string[] = []
  compare(differences, 'eventos de historial en el inbox', received.length, historyEvents(mix))
  compare(differences, 'entradas del historial', history.length, received.length)
  for (const { envelope } of received) {
    const rule = historyRulesByKey.get(`${envelope.service}.${envelope.type}`)
    if (!rule) continue
    const change = rule.change.handle({ ...envelope, data: upcastEventData(rule.change.definition, envelope.v, envelope.data) })
    const key = `${rule.module}/${change.document}`
    if (change.title !== undefined) titles.set(key, change.title)
    const row = byId.get(envelope.id)
    if (!row) {
      differences.push(`falta la entrada de ${envelope.type} ${envelope.id}`)
      continue
    }
    const expected = {
      module: rule.module,
      document: change.document,
      label: moduleLabels[rule.module],
      title: titles.get(key) ?? '',
      cause: envelope.metadata.historical?.cause ?? (rule.created ? creationCause : updateCause),
      description: envelope.metadata.historical?.description ?? '',
      created_at: envelope.occurredAt,
      created_by: envelope.metadata.actor,
    }
    const actual = { ...row, created_at: new Date(row.created_at).toISOString() }
    for (const field of Object.keys(expected) as (keyof typeof expected)[]) {
      compare(differences, `${field} de ${envelope.type} ${envelope.id}`, actual[field], expected[field])
    }
    if (!expected.title) differences.push(`${envelope.type} ${envelope.id} sin título`)
  }
  compare(differences, 'títulos', titleRows.length, titles.size)
  for (const row of titleRows) compare(differences, `título de ${row.module}/${row.document}`, row.title, titles.get(`${row.module}/${row.document}`))
  expectSame('historical', differences)
}

/** The secondary indexes replay dropped while loading are all back. */
export async function verifyIndexes(db: SqlExecutor, schema: string, projection: Projection): Promise<void> {
  const { rows } = await db.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = $1`, [schema])
  const present = new Set(rows.map((row) => row.indexname))
  const missing = (projection.indexes ?? []).filter((index) => !present.has(index.name)).map((index) => `falta el índice ${index.name}`)
  expectSame(projection.name, missing)
}
