import type { EventEnvelope } from '@donaciones/contracts'
import { eventKey, ident, type Projection, type ProjectionIndex, type SqlExecutor } from '@donaciones/kit'
import { creationCause, historyRules, historyRulesByKey, moduleLabels, updateCause } from './history-rules.ts'

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
  tables: ['history', 'history_titles'],
  handles: historyRules.map((rule) => rule.change.definition),
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.history (
        id uuid primary key, module text not null, document text not null, label text not null, title text not null,
        cause text not null, description text not null, created_at timestamptz not null, created_by text);
      -- occurredAt has millisecond precision: two quick changes of one record can share it, and
      -- the record's version orders them whatever order they were applied in (replicas, replay).
      alter table ${s}.history add column if not exists version integer not null default 0;
      create table if not exists ${s}.history_titles (module text not null, document text not null, title text not null, primary key (module, document));
    `)
    for (const index of historyIndexes) await db.exec(index.create(schema))
  },
  indexes: historyIndexes,
  async apply(tx, event: EventEnvelope, schema) {
    await applyHistory(tx, [event], schema)
  },
  applyBatch: applyHistory,
}

/**
 * One entry per event with the record's title as of that event: titles the run changes are
 * followed in memory, so a run costs three statements whatever its length.
 */
async function applyHistory(tx: SqlExecutor, events: readonly EventEnvelope[], schema: string): Promise<void> {
  const entries = events.flatMap((event) => {
    const rule = historyRulesByKey.get(eventKey(event))
    if (!rule) return []
    return [{ event, rule, change: rule.change.handle(event) }]
  })
  if (entries.length === 0) return
  const s = ident(schema)
  const keyOf = (module: string, document: string) => JSON.stringify([module, document])
  const touched = new Map(entries.map(({ rule, change }) => [keyOf(rule.module, change.document), [rule.module, change.document] as const]))
  const { rows } = await tx.query<{ module: string; document: string; title: string }>(
    `select module, document, title from ${s}.history_titles join unnest($1::text[], $2::text[]) as touched(module, document) using (module, document)`,
    [[...touched.values()].map(([module]) => module), [...touched.values()].map(([, document]) => document)],
  )
  const titles = new Map(rows.map((row) => [keyOf(row.module, row.document), row.title]))
  const retitled = new Map<string, readonly [string, string]>()
  const columns: unknown[][] = [[], [], [], [], [], [], [], [], [], []]
  for (const { event, rule, change } of entries) {
    const key = keyOf(rule.module, change.document)
    if (change.title !== undefined) {
      titles.set(key, change.title)
      retitled.set(key, [rule.module, change.document])
    }
    const historical = change.justification ?? event.metadata.historical
    const row = [
      event.id,
      rule.module,
      change.document,
      moduleLabels[rule.module],
      titles.get(key) ?? '',
      historical?.cause ?? (rule.created ? creationCause : updateCause),
      historical?.description ?? '',
      event.occurredAt,
      event.metadata.actor,
      event.version,
    ]
    row.forEach((value, index) => columns[index]?.push(value))
  }
  if (retitled.size > 0) {
    const changed = [...retitled.values()]
    await tx.query(
      `insert into ${s}.history_titles (module, document, title) select * from unnest($1::text[], $2::text[], $3::text[])
       on conflict (module, document) do update set title = excluded.title`,
      [changed.map(([module]) => module), changed.map(([, document]) => document), [...retitled.keys()].map((key) => titles.get(key) ?? '')],
    )
  }
  await tx.query(
    `insert into ${s}.history (id, module, document, label, title, cause, description, created_at, created_by, version)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::text[], $10::int[])
     on conflict (id) do nothing`,
    columns,
  )
}
