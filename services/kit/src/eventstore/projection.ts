import type { EventDefinition, EventEnvelope } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import type { Migration } from '../db/migrations.ts'

/**
 * A read model built from events. Events of the owning service are applied inline (same
 * transaction as the append); events of other services are applied by a bus consumer (same
 * transaction as the inbox row). Replay drops `tables` and rebuilds them from the log.
 */
export interface Projection {
  name: string
  /** Unqualified names of the tables this projection owns, in the service's schema. */
  tables: readonly string[]
  /** Creates the tables as first released (`create … if not exists`); later changes are `migrations`. */
  setup(db: SqlExecutor, schema: string): Promise<void>
  /**
   * Changes to the tables after their first release, in order, the same mechanism as a service's
   * private tables (`runMigrations`): at start each is applied once per schema after `setup`,
   * recorded as `<projection name>:<id>`; a replay, which drops and recreates the tables, runs
   * `setup` and then all of them again. So `setup` never changes shape, and each migration must
   * also run on the tables `setup` has just created.
   */
  migrations?: readonly Migration[]
  handles: readonly EventDefinition[]
  apply(tx: SqlExecutor, event: EventEnvelope, schema: string): Promise<void>
  /**
   * Applies a run of handled events in order, with the same effect as `apply` on each one.
   * Replay uses it when present, to avoid a round trip (and a hot-row update) per event.
   */
  applyBatch?(tx: SqlExecutor, events: readonly EventEnvelope[], schema: string): Promise<void>
  /**
   * Replay only: rebuilds the freshly created tables, which replay holds exclusively, page by
   * page, keeping state between pages (such as each record's latest value) to write once at the
   * end. Replay prefers it to `applyBatch`; the tables must end as `apply` on each event leaves them.
   */
  rebuild?(tx: SqlExecutor, schema: string): Promise<ProjectionRebuild>
  /**
   * Secondary indexes `setup` creates. Replay drops them while it loads and builds each once at
   * the end, which is much quicker than maintaining them row by row.
   */
  indexes?: readonly ProjectionIndex[]
}

/** One replay's rebuild of a projection (see `Projection.rebuild`). */
export interface ProjectionRebuild {
  /** The next page of handled events, in log order. */
  apply(events: readonly EventEnvelope[]): Promise<void>
  /** Writes what was kept between pages; replay then builds the secondary indexes. */
  finish(): Promise<void>
}

export interface ProjectionIndex {
  /** Unqualified index name, in the service's schema. */
  name: string
  /** `create index if not exists <name> on ...` for this schema. */
  create(schema: string): string
}

export function eventKey(event: { service: string; type: string }): string {
  return `${event.service}.${event.type}`
}

export function projectionHandles(projection: Projection, event: { service: string; type: string }): boolean {
  const key = eventKey(event)
  return projection.handles.some((definition) => eventKey(definition) === key)
}
