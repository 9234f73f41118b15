import { userCreated, type EventEnvelope } from '@donaciones/contracts'
import { eventKey, ident, isEvent, type Projection, type ProjectionIndex, type ProjectionRebuild, type SqlExecutor } from '@donaciones/kit'
import { creationCause, historyRules, historyRulesByKey, moduleLabels, updateCause, type HistoryChange, type HistoryRule } from './history-rules.ts'

const historyIndexes: ProjectionIndex[] = [
  { name: 'history_by_time', create: (schema) => `create index if not exists history_by_time on ${ident(schema)}.history (created_at desc)` },
  {
    name: 'history_by_document',
    create: (schema) => `create index if not exists history_by_document on ${ident(schema)}.history (module, document, created_at desc)`,
  },
  { name: 'history_by_author', create: (schema) => `create index if not exists history_by_author on ${ident(schema)}.history (created_by, created_at desc)` },
]

/**
 * The change history (audit trail) of every service: one entry per admin-visible change, with
 * the justification the administrator gave (event metadata) and the record's latest title.
 */
export const historyProjection: Projection = {
  name: 'historical',
  tables: ['history', 'history_titles', 'history_setup_pairs'],
  handles: historyRules.map((rule) => rule.change.definition),
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.history (
        id uuid primary key, module text not null, document text not null, label text not null, title text not null,
        cause text not null, description text not null, created_at timestamptz not null, created_by text);
      create table if not exists ${s}.history_titles (module text not null, document text not null, title text not null, primary key (module, document));
      create table if not exists ${s}.history_setup_pairs (correlation_id text not null, kind text not null, id text not null, primary key (correlation_id, kind, id));
    `)
    for (const index of historyIndexes) await db.exec(index.create(schema))
  },
  // occurredAt has millisecond precision: two quick changes of one record can share it, and the
  // record's version orders them whatever order they were applied in (replicas, replay).
  migrations: [{ id: 'version', sql: (s) => `alter table ${s}.history add column if not exists version integer not null default 0` }],
  indexes: historyIndexes,
  async apply(tx, event: EventEnvelope, schema) {
    await applyHistory(tx, [event], schema)
  },
  applyBatch: applyHistory,
  rebuild: rebuildHistory,
}

/** The record's latest title by module and document (`titleKey`). */
type Titles = Map<string, string>

// Module names never contain a line break, so the pair is unambiguous.
const titleKey = (module: string, document: string) => `${module}\n${document}`

/** Column arrays of `history` rows, in insert order. */
type HistoryColumns = [string[], string[], string[], string[], string[], string[], string[], string[], (string | null)[], number[]]

interface HistoryEntry {
  event: EventEnvelope
  rule: HistoryRule
  change: HistoryChange
}

function historyEntries(events: readonly EventEnvelope[]): HistoryEntry[] {
  const entries: HistoryEntry[] = []
  for (const event of events) {
    const rule = historyRulesByKey.get(eventKey(event))
    if (rule) entries.push({ event, rule, change: rule.change.handle(event) })
  }
  return entries
}

/**
 * The rows of the entries, each with its record's title as of that event: `titles` holds the
 * titles before the run and is moved on by it; `retitled` receives the records whose title changed.
 */
function historyColumns(entries: readonly HistoryEntry[], titles: Titles, retitled: Map<string, readonly [string, string]>): HistoryColumns {
  const columns: HistoryColumns = [[], [], [], [], [], [], [], [], [], []]
  for (const { event, rule, change } of entries) {
    const key = titleKey(rule.module, change.document)
    if (change.title !== undefined) {
      titles.set(key, change.title)
      retitled.set(key, [rule.module, change.document])
    }
    const historical = change.justification ?? event.metadata.historical
    columns[0].push(event.id)
    columns[1].push(rule.module)
    columns[2].push(change.document)
    columns[3].push(moduleLabels[rule.module])
    columns[4].push(titles.get(key) ?? '')
    columns[5].push(historical?.cause ?? (rule.created ? creationCause : updateCause))
    columns[6].push(historical?.description ?? '')
    columns[7].push(event.occurredAt)
    columns[8].push(event.metadata.actor)
    columns[9].push(event.version)
  }
  return columns
}

async function insertHistory(tx: SqlExecutor, schema: string, columns: HistoryColumns, onConflict: string): Promise<void> {
  await tx.query(
    `insert into ${ident(schema)}.history (id, module, document, label, title, cause, description, created_at, created_by, version)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::text[], $10::int[])
     ${onConflict}`,
    columns,
  )
}

async function saveTitles(tx: SqlExecutor, schema: string, titles: Titles, records: readonly (readonly [string, string])[]): Promise<void> {
  if (records.length === 0) return
  await tx.query(
    `insert into ${ident(schema)}.history_titles (module, document, title) select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (module, document) do update set title = excluded.title`,
    [records.map(([module]) => module), records.map(([, document]) => document), records.map(([module, document]) => titles.get(titleKey(module, document)) ?? '')],
  )
}

/**
 * What a run tells of setups: the first administrator a setup created (`admin`, his id) and the
 * category and institution created without an author (`category`, `institution`, the record's id),
 * each under the correlation id of the setup request (columns: correlation id, kind, id).
 */
type SetupPairs = [string[], string[], string[]]

function setupPairsOf(entries: readonly HistoryEntry[]): SetupPairs {
  const pairs: SetupPairs = [[], [], []]
  for (const { event, rule, change } of entries) {
    const kind = isEvent(userCreated, event) ? (event.data.origin === 'setup' ? 'admin' : null) : rule.created && event.metadata.actor === null && (rule.module === 'category' || rule.module === 'institution') ? rule.module : null
    if (kind === null) continue
    pairs[0].push(event.metadata.correlationId)
    pairs[1].push(kind)
    pairs[2].push(change.document)
  }
  return pairs
}

/**
 * Before the setup wizard created its first category and institution as its first administrator,
 * their events carried no actor. Those events never change; instead the entries of the records a
 * setup request created without an author take the administrator the same request created (the
 * setup's calls to the campaign and identity services share its correlation id). Pairs are kept in
 * `history_setup_pairs`, so either event may come first (they come from two services) and a
 * replay gives the same. `correlations` limits the update (all of them when null).
 */
async function attributeSetupRecords(tx: SqlExecutor, schema: string, pairs: SetupPairs, correlations: readonly string[] | null): Promise<void> {
  const s = ident(schema)
  if (pairs[0].length > 0) {
    await tx.query(
      `insert into ${s}.history_setup_pairs (correlation_id, kind, id) select * from unnest($1::text[], $2::text[], $3::text[]) on conflict do nothing`,
      pairs,
    )
  }
  if (correlations !== null && correlations.length === 0) return
  await tx.query(
    `update ${s}.history h set created_by = admin.id
     from ${s}.history_setup_pairs admin join ${s}.history_setup_pairs record on record.correlation_id = admin.correlation_id and record.kind <> 'admin'
     where admin.kind = 'admin' and h.created_by is null and h.module = record.kind and h.document = record.id
       ${correlations === null ? '' : 'and admin.correlation_id = any($1::text[])'}`,
    correlations === null ? [] : [correlations],
  )
}

/**
 * One entry per event with the record's title as of that event: titles the run changes are
 * followed in memory, so a run costs three statements whatever its length (and two more when it
 * holds a setup's administrator or a catalog record created without an author).
 */
async function applyHistory(tx: SqlExecutor, events: readonly EventEnvelope[], schema: string): Promise<void> {
  const entries = historyEntries(events)
  await applyEntries(tx, entries, schema)
  const pairs = setupPairsOf(entries)
  await attributeSetupRecords(tx, schema, pairs, [...new Set(pairs[0])])
}

async function applyEntries(tx: SqlExecutor, entries: readonly HistoryEntry[], schema: string): Promise<void> {
  if (entries.length === 0) return
  const touched = new Map(entries.map(({ rule, change }) => [titleKey(rule.module, change.document), [rule.module, change.document] as const]))
  const { rows } = await tx.query<{ module: string; document: string; title: string }>(
    `select module, document, title from ${ident(schema)}.history_titles join unnest($1::text[], $2::text[]) as touched(module, document) using (module, document)`,
    [[...touched.values()].map(([module]) => module), [...touched.values()].map(([, document]) => document)],
  )
  const titles: Titles = new Map(rows.map((row) => [titleKey(row.module, row.document), row.title]))
  const retitled = new Map<string, readonly [string, string]>()
  const columns = historyColumns(entries, titles, retitled)
  await saveTitles(tx, schema, titles, [...retitled.values()])
  await insertHistory(tx, schema, columns, 'on conflict (id) do nothing')
}

/**
 * Replay: the tables start empty, so every title is followed in memory from the first event and
 * written once at the end; the history's primary key is built once at the end too (event ids are
 * unique in the inbox, so rows need no conflict check), which is one sort instead of a B-tree
 * insertion per row.
 */
async function rebuildHistory(tx: SqlExecutor, schema: string): Promise<ProjectionRebuild> {
  const s = ident(schema)
  await tx.exec(`alter table ${s}.history drop constraint history_pkey; alter table ${s}.history_titles drop constraint history_titles_pkey`)
  const titles: Titles = new Map()
  const retitled = new Map<string, readonly [string, string]>()
  const pairs: SetupPairs = [[], [], []]
  return {
    async apply(events) {
      const entries = historyEntries(events)
      if (entries.length > 0) await insertHistory(tx, schema, historyColumns(entries, titles, retitled), '')
      const found = setupPairsOf(entries)
      for (const index of [0, 1, 2] as const) pairs[index].push(...found[index])
    },
    async finish() {
      await attributeSetupRecords(tx, schema, pairs, null)
      const records = [...retitled.values()]
      await tx.query(
        `insert into ${s}.history_titles (module, document, title) select * from unnest($1::text[], $2::text[], $3::text[])`,
        [records.map(([module]) => module), records.map(([, document]) => document), records.map(([module, document]) => titles.get(titleKey(module, document)) ?? '')],
      )
      await tx.exec(`
        alter table ${s}.history add constraint history_pkey primary key (id);
        alter table ${s}.history_titles add constraint history_titles_pkey primary key (module, document)`)
    },
  }
}
