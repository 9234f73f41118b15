import type { EventEnvelope } from '@donaciones/contracts'
import { ident, type Projection } from '@donaciones/kit'
import { creationCause, historyRules, moduleLabels, updateCause, type HistoryRule } from './history-rules.ts'

const rulesByKey = new Map<string, HistoryRule>(historyRules.map((rule) => [`${rule.definition.service}.${rule.definition.type}`, rule]))

/**
 * The change history (audit trail) of every service: one entry per admin-visible change, with
 * the justification the administrator gave (event metadata) and the record's latest title.
 */
export const historyProjection: Projection = {
  name: 'historical',
  tables: ['history', 'history_titles'],
  handles: historyRules.map((rule) => rule.definition),
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.history (
        id uuid primary key, module text not null, document text not null, label text not null, title text not null,
        cause text not null, description text not null, created_at timestamptz not null, created_by text);
      create index if not exists history_by_time on ${s}.history (created_at desc);
      create index if not exists history_by_document on ${s}.history (module, document, created_at desc);
      create index if not exists history_by_author on ${s}.history (created_by, created_at desc);
      create table if not exists ${s}.history_titles (module text not null, document text not null, title text not null, primary key (module, document));
    `)
  },
  async apply(tx, event: EventEnvelope, schema) {
    const rule = rulesByKey.get(`${event.service}.${event.type}`)
    if (!rule) return
    const s = ident(schema)
    const data = event.data as Record<string, unknown>
    const document = rule.document(data)
    if (rule.title) {
      await tx.query(
        `insert into ${s}.history_titles (module, document, title) values ($1, $2, $3) on conflict (module, document) do update set title = excluded.title`,
        [rule.module, document, rule.title(data)],
      )
    }
    const { rows } = await tx.query<{ title: string }>(`select title from ${s}.history_titles where module = $1 and document = $2`, [rule.module, document])
    const historical = event.metadata.historical
    await tx.query(
      `insert into ${s}.history (id, module, document, label, title, cause, description, created_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
      [
        event.id,
        rule.module,
        document,
        moduleLabels[rule.module],
        rows[0]?.title ?? '',
        historical?.cause ?? (rule.created ? creationCause : updateCause),
        historical?.description ?? '',
        event.occurredAt,
        event.metadata.actor,
      ],
    )
  },
}
