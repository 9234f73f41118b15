import type { EventEnvelope } from '@donaciones/contracts'
import type { Bus, DeliveredMessage, Subscription } from '../bus/bus.ts'
import type { SqlExecutor } from '../db/index.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import { eventKey, projectionHandles, type Projection } from '../eventstore/projection.ts'
import { ident } from '../eventstore/schema.ts'
import { fromBusPayload } from './envelope-codec.ts'
import { countConsumerLag } from '../metrics/lag.ts'
import { metricsFor } from '../metrics/registry.ts'

export interface ProjectionConsumerOptions {
  store: EventStore
  bus: Bus
  projections: readonly Projection[]
  ackWaitMs?: number
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
    const typesBySource = new Map<string, string[]>()
    for (const definition of this.projections.flatMap((projection) => projection.handles)) {
      if (definition.service === service) continue
      const types = typesBySource.get(definition.service) ?? []
      if (!types.includes(definition.type)) types.push(definition.type)
      typesBySource.set(definition.service, types)
    }
    if (typesBySource.size > 0) {
      const { store } = options
      // Producers' schemas share this one's DB_SCHEMA_PREFIX (`<prefix>_<service>`).
      const prefix = store.schema.endsWith(service) ? store.schema.slice(0, store.schema.length - service.length) : ''
      const typesBySchema = new Map([...typesBySource].map(([source, types]) => [`${prefix}${source}`, types]))
      metricsFor(service).setConsumerLag(this.durable, () => countConsumerLag(store.db, store.schema, typesBySchema))
    }
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
    const service = this.options.store.service
    const sources = this.projections.flatMap((projection) =>
      projection.handles.filter((definition) => definition.service !== service).map((definition) => `${definition.service}.>`),
    )
    return [...new Set(sources)]
  }

  /** Creates the tables of the projections this consumer feeds (inline ones are set up by the store). */
  async setup(): Promise<void> {
    for (const projection of this.projections) await projection.setup(this.options.store.db, this.options.store.schema)
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

async function recordInInbox(tx: SqlExecutor, schema: string, envelope: EventEnvelope): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into ${ident(schema)}.inbox (event_id, envelope) values ($1::uuid, $2::jsonb) on conflict (event_id) do nothing returning event_id`,
    [envelope.id, JSON.stringify(envelope)],
  )
  return rows.length > 0
}
