import type { EventEnvelope } from '@donaciones/contracts'
import type { Bus, DeliveredMessage, Subscription } from '../bus/bus.ts'
import type { SqlExecutor } from '../db/index.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import { eventKey, projectionHandles, type Projection } from '../eventstore/projection.ts'
import { setUpProjection } from '../eventstore/projection-setup.ts'
import { ident } from '../db/ident.ts'
import { fromBusPayload } from './envelope-codec.ts'
import { metricsFor } from '../metrics/registry.ts'

export interface ProjectionConsumerOptions {
  store: EventStore
  bus: Bus
  projections: readonly Projection[]
  ackWaitMs?: number
}

/** How many events wait on the bus for one projection; undefined when the bus cannot tell. */
export interface ProjectionLag {
  projection: string
  lag: number | undefined
}

/**
 * Applies other services' events to this service's projections. Each event is recorded in the
 * inbox in the same transaction as its effects, so a redelivered event changes nothing, and
 * the inbox doubles as the local log that replay rebuilds from.
 */
export class ProjectionConsumer {
  private subscription: Subscription | undefined
  private readonly projections: readonly Projection[]
  private readonly appliedListeners = new Set<(envelope: EventEnvelope) => void>()
  /** `service.type` of every event a projection here handles. */
  private readonly handledKeys: ReadonlySet<string>

  constructor(private readonly options: ProjectionConsumerOptions) {
    const service = options.store.service
    this.projections = options.projections.filter((projection) => projection.handles.some((definition) => definition.service !== service))
    this.handledKeys = new Set(this.projections.flatMap((projection) => projection.handles.map(eventKey)))
    if (this.subjects.length > 0) metricsFor(service).setConsumerLag(this.durable, () => this.totalLag())
  }

  private get durable(): string {
    return `${this.options.store.service}_projections`
  }

  /**
   * One filter per source service, not per event type: each filter is a consumer of its own on
   * the bus, and events of one record (created, updated, toggled) must be applied in the order
   * they were published. Events no projection here handles are acknowledged and left out.
   */
  get subjects(): string[] {
    return [...new Set(this.projections.flatMap((projection) => this.subjectsOf(projection)))]
  }

  private subjectsOf(projection: Projection): string[] {
    const service = this.options.store.service
    return [...new Set(projection.handles.filter((definition) => definition.service !== service).map((definition) => `${definition.service}.>`))]
  }

  /**
   * The events each projection fed here has yet to apply: what the bus holds for this consumer on
   * the projection's sources, from the bus's positions (no read of any log). Inline projections of
   * the service's own events are applied with the append and never wait.
   */
  async lag(): Promise<ProjectionLag[]> {
    const pending = await this.pendingBySubject()
    return this.projections.map((projection) => ({ projection: projection.name, lag: sumKnown(this.subjectsOf(projection).map((subject) => pending.get(subject))) }))
  }

  private async pendingBySubject(): Promise<Map<string, number | undefined>> {
    const subjects = this.subjects
    const counts = await Promise.all(subjects.map((subject) => this.options.bus.pending(this.durable, subject)))
    return new Map(subjects.map((subject, index) => [subject, counts[index]]))
  }

  private async totalLag(): Promise<number | undefined> {
    return sumKnown([...(await this.pendingBySubject()).values()])
  }

  /** Creates the tables of the projections this consumer feeds (inline ones are set up by the store). */
  async setup(): Promise<void> {
    for (const projection of this.projections) await setUpProjection(this.options.store.db, this.options.store.schema, projection)
  }

  async start(): Promise<void> {
    if (this.subjects.length === 0 || this.subscription) return
    this.subscription = await this.options.bus.subscribe({
      durable: this.durable,
      subjects: this.subjects,
      handler: (message) => this.handle(message),
      ...(this.options.ackWaitMs ? { ackWaitMs: this.options.ackWaitMs } : {}),
    })
  }

  async stop(): Promise<void> {
    await this.subscription?.stop()
    this.subscription = undefined
  }

  /** Called with each event once the transaction that applied it here committed (this process only). */
  onApplied(listener: (envelope: EventEnvelope) => void): () => void {
    this.appliedListeners.add(listener)
    return () => this.appliedListeners.delete(listener)
  }

  /** Records and applies one event; returns false when it had already been applied. */
  async receive(envelope: EventEnvelope): Promise<boolean> {
    const applied = await this.apply(envelope)
    if (applied) for (const listener of this.appliedListeners) listener(envelope)
    return applied
  }

  private apply(envelope: EventEnvelope): Promise<boolean> {
    const { store } = this.options
    return store.db.transaction(async (tx) => {
      const inserted = await recordInInbox(tx, store.schema, envelope)
      if (!inserted) return false
      const upcast = store.upcast(envelope)
      for (const projection of this.projections) {
        if (projectionHandles(projection, upcast)) await projection.apply(tx, upcast, store.schema)
      }
      return true
    })
  }

  private async handle(message: DeliveredMessage): Promise<void> {
    // The subject names the event (`service.aggregate.type`): one no projection here handles (a
    // campaign's visits, for most consumers of campaign events) is acknowledged without parsing it.
    const [service, , type, ...rest] = message.subject.split('.')
    if (service !== undefined && type !== undefined && rest.length === 0 && !this.handledKeys.has(eventKey({ service, type }))) return
    const envelope = fromBusPayload(message.payload)
    if (!this.projections.some((projection) => projectionHandles(projection, envelope))) return
    await this.receive(envelope)
  }
}

/** The sum of the figures known, or undefined when none is. */
function sumKnown(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined)
  return known.length === 0 ? undefined : known.reduce((sum, value) => sum + value, 0)
}

async function recordInInbox(tx: SqlExecutor, schema: string, envelope: EventEnvelope): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into ${ident(schema)}.inbox (event_id, envelope) values ($1::uuid, $2::jsonb) on conflict (event_id) do nothing returning event_id`,
    [envelope.id, JSON.stringify(envelope)],
  )
  return rows.length > 0
}
