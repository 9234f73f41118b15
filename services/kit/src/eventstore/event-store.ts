import { randomUUID } from 'node:crypto'
import {
  upcastEventData,
  type EventDataOf,
  type EventDefinition,
  type EventEnvelope,
  type EventMetadata,
  type ServiceName,
} from '@donaciones/contracts'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { beginning, type Checkpoint } from './checkpoint.ts'
import { ConcurrencyError, DuplicateRecordError } from './errors.ts'
import { eventKey, projectionHandles, type Projection } from './projection.ts'
import { setUpProjection } from './projection-setup.ts'
import { ident } from '../db/ident.ts'
import { createEventStoreTables } from './schema.ts'
import { metricsFor } from '../metrics/registry.ts'

/** An event to append; `D` says which definitions it may be of (a decider's events). */
export interface NewEvent<D extends EventDefinition = EventDefinition> {
  definition: D
  data: unknown
  /** Fixed ids make a retried command idempotent (the id is unique in the log). */
  id?: string
}

export function newEvent<D extends EventDefinition>(definition: D, data: EventDataOf<D>, id?: string): NewEvent<D> {
  return { definition, data, ...(id ? { id } : {}) }
}

export interface AppendOptions {
  /** The stream's current version as the caller saw it (0 = it must not exist yet); there is no 'any': every write is checked. */
  expectedVersion: number
  metadata: EventMetadata
}

/** A new stream and its first events, for `appendNewStreamsIn`. */
export interface NewStreamAppend {
  stream: string
  events: readonly NewEvent[]
  metadata: EventMetadata
}

export interface EventStoreOptions {
  db: SqlDatabase
  schema: string
  service: ServiceName
  /** Definitions the store can upcast on read, this service's and the ones it consumes. */
  definitions: readonly EventDefinition[]
  /** Projections applied in the same transaction as an append of this service's events. */
  projections?: readonly Projection[]
}

export interface ReadAllOptions {
  limit?: number
  db?: SqlExecutor
  /** Only these event types of this service. */
  types?: readonly string[]
  /**
   * Read only below the oldest running transaction (default). Replay turns it off: it holds
   * exclusive locks, and every event it can see has already committed.
   */
  safeHorizon?: boolean
}

interface EventRow {
  global_position: number | string
  transaction_id_text: string
  stream_id: string
  stream_version: number
  event_id: string
  type: string
  schema_version: number
  data: unknown
  metadata: EventMetadata
  created_at: Date | string
}

const selectColumns = `global_position, transaction_id::text as transaction_id_text, stream_id, stream_version, event_id::text as event_id,
  type, schema_version, data, metadata, created_at`

const uniqueViolation = '23505'

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === uniqueViolation
}

export class EventStore {
  readonly db: SqlDatabase
  readonly schema: string
  readonly service: ServiceName
  private readonly definitionsByKey: ReadonlyMap<string, EventDefinition>
  private readonly inlineProjections: readonly Projection[]
  private readonly appendListeners = new Set<(events: readonly EventEnvelope[]) => void>()
  /** The events appended so far in each open `transaction`, handed to the listeners once it commits. */
  private readonly appendedIn = new WeakMap<SqlExecutor, EventEnvelope[]>()

  constructor(options: EventStoreOptions) {
    this.db = options.db
    this.schema = options.schema
    this.service = options.service
    this.definitionsByKey = new Map(options.definitions.map((definition) => [eventKey(definition), definition]))
    this.inlineProjections = (options.projections ?? []).filter((projection) =>
      projection.handles.some((definition) => definition.service === options.service),
    )
  }

  async init(): Promise<void> {
    await createEventStoreTables(this.db, this.schema)
    for (const projection of this.inlineProjections) await setUpProjection(this.db, this.schema, projection)
  }

  /**
   * Called with the events of each committed `transaction` that appended any, in this process (the
   * relay wakes without waiting for its poll; the caches of public documents are dropped).
   */
  onAppend(listener: (events: readonly EventEnvelope[]) => void): () => void {
    this.appendListeners.add(listener)
    return () => this.appendListeners.delete(listener)
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const appended: EventEnvelope[] = []
    return this.db
      .transaction((tx) => {
        this.appendedIn.set(tx, appended)
        return fn(tx)
      })
      .then((result) => {
        if (appended.length > 0) for (const listener of this.appendListeners) listener(appended)
        return result
      })
  }

  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<EventEnvelope[]> {
    return this.transaction((tx) => this.appendIn(tx, stream, events, options))
  }

  /** Appends inside the caller's transaction and applies the inline projections there too. */
  async appendIn(tx: SqlExecutor, stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<EventEnvelope[]> {
    if (events.length === 0) return []
    // A new stream needs no lookup: if it exists after all, the primary key (stream, version) refuses version 1.
    const current = options.expectedVersion === 0 ? 0 : await this.currentVersion(tx, stream)
    if (options.expectedVersion !== current) {
      throw new ConcurrencyError(stream, options.expectedVersion)
    }
    const rows = events.map((event, index) => ({ stream, version: current + index + 1, event, metadata: options.metadata }))
    return this.write(tx, rows, stream, options.expectedVersion)
  }

  /** Starts several streams in one statement (a group of visits committed together). */
  async appendNewStreamsIn(tx: SqlExecutor, appends: readonly NewStreamAppend[]): Promise<EventEnvelope[]> {
    const first = appends[0]
    if (!first) return []
    const rows = appends.flatMap(({ stream, events, metadata }) => events.map((event, index) => ({ stream, version: index + 1, event, metadata })))
    return this.write(tx, rows, first.stream, 0)
  }

  private async write(
    tx: SqlExecutor,
    rows: readonly { stream: string; version: number; event: NewEvent; metadata: EventMetadata }[],
    conflictStream: string,
    expectedVersion: number,
  ): Promise<EventEnvelope[]> {
    if (rows.length === 0) return []
    const started = performance.now()
    const values: string[] = []
    const params: unknown[] = []
    for (const { stream, version, event, metadata } of rows) {
      if (event.definition.service !== this.service) {
        throw new Error(`${this.service} no puede escribir eventos de ${event.definition.service}`)
      }
      const data = event.definition.schema.parse(event.data)
      const base = params.length
      values.push(`($${base + 1}, $${base + 2}, $${base + 3}::uuid, $${base + 4}, $${base + 5}, $${base + 6}::jsonb, $${base + 7}::jsonb)`)
      params.push(stream, version, event.id ?? randomUUID(), event.definition.type, event.definition.v, JSON.stringify(data), JSON.stringify(metadata))
    }
    let inserted: EventRow[]
    try {
      const result = await tx.query<EventRow>(
        `insert into ${ident(this.schema)}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
         values ${values.join(', ')} returning ${selectColumns}`,
        params,
      )
      inserted = result.rows
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConcurrencyError(conflictStream, expectedVersion)
      throw error
    }
    const envelopes = inserted.map((row) => this.toEnvelope(row))
    try {
      await this.project(tx, envelopes)
    } catch (error) {
      // A unique index of a read model (a name, a title, an e-mail) caught a duplicate.
      if (isUniqueViolation(error)) throw new DuplicateRecordError((error as { constraint?: string }).constraint)
      throw error
    }
    this.appendedIn.get(tx)?.push(...envelopes)
    metricsFor(this.service).observeAppend((performance.now() - started) / 1000)
    return envelopes
  }

  /** Each inline projection in turn; one that can take a run gets the whole append in one call (one statement instead of one per event). */
  private async project(tx: SqlExecutor, envelopes: readonly EventEnvelope[]): Promise<void> {
    for (const projection of this.inlineProjections) {
      const handled = envelopes.filter((envelope) => projectionHandles(projection, envelope))
      if (handled.length === 0) continue
      if (projection.applyBatch) await projection.applyBatch(tx, handled, this.schema)
      else for (const envelope of handled) await projection.apply(tx, envelope, this.schema)
    }
  }

  async readStream(stream: string, db: SqlExecutor = this.db): Promise<EventEnvelope[]> {
    const { rows } = await db.query<EventRow>(
      `select ${selectColumns} from ${ident(this.schema)}.events where stream_id = $1 order by stream_version`,
      [stream],
    )
    return rows.map((row) => this.toEnvelope(row))
  }

  /**
   * Events committed after `after`, in commit-safe order. Only transactions older than every
   * transaction still running are read, so an event whose transaction commits late can never
   * be skipped by a reader that already moved past its position.
   */
  async readAll(after: Checkpoint = beginning, options: ReadAllOptions = {}): Promise<{ events: EventEnvelope[]; checkpoint: Checkpoint }> {
    const { limit = 500, db = this.db, types, safeHorizon = true } = options
    const conditions = ['(transaction_id, global_position) > ($1::xid8, $2::bigint)']
    const params: unknown[] = [after.transactionId, after.position, limit]
    if (safeHorizon) conditions.push('transaction_id < pg_snapshot_xmin(pg_current_snapshot())')
    if (types) {
      params.push(types)
      conditions.push(`type = any($${params.length}::text[])`)
    }
    const { rows } = await db.query<EventRow>(
      `select ${selectColumns} from ${ident(this.schema)}.events where ${conditions.join(' and ')}
       order by events.transaction_id, events.global_position limit $3`,
      params,
    )
    const events = rows.map((row) => this.toEnvelope(row))
    const last = events.at(-1)
    return { events, checkpoint: last ? { transactionId: last.transactionId, position: last.position } : after }
  }

  async currentVersion(db: SqlExecutor, stream: string): Promise<number> {
    const { rows } = await db.query<{ version: number | null }>(
      `select max(stream_version) as version from ${ident(this.schema)}.events where stream_id = $1`,
      [stream],
    )
    return rows[0]?.version ?? 0
  }

  /** Brings a payload up to the current schema version of its type, when the type is known. */
  upcast(envelope: EventEnvelope): EventEnvelope {
    const definition = this.definitionsByKey.get(eventKey(envelope))
    if (!definition) return envelope
    return { ...envelope, v: definition.v, data: upcastEventData(definition, envelope.v, envelope.data) }
  }

  private toEnvelope(row: EventRow): EventEnvelope {
    return this.upcast({
      id: row.event_id,
      service: this.service,
      type: row.type,
      v: row.schema_version,
      stream: row.stream_id,
      version: row.stream_version,
      position: Number(row.global_position),
      transactionId: row.transaction_id_text,
      occurredAt: new Date(row.created_at).toISOString(),
      data: row.data,
      metadata: row.metadata,
    })
  }
}
