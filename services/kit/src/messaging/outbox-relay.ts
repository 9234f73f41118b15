import type { EventDefinition, EventEnvelope } from '@donaciones/contracts'
import type { Bus, OutgoingMessage } from '../bus/bus.ts'
import type { SqlExecutor } from '../db/index.ts'
import { loadCheckpoint, storeCheckpoint } from '../eventstore/checkpoint.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import { eventKey } from '../eventstore/projection.ts'
import { toBusMessage } from './envelope-codec.ts'
import { stableLockKey } from '../db/lock-key.ts'
import { relayLag } from '../metrics/lag.ts'
import { metricsFor } from '../metrics/registry.ts'

export interface OutboxRelayOptions {
  store: EventStore
  bus: Bus
  /** Definitions of this service's events, to name each message's subject by aggregate. */
  definitions: readonly EventDefinition[]
  batchSize?: number
  pollIntervalMs?: number
  onError?: (error: unknown) => void
}

/** The relay's checkpoint in its service's `checkpoints` table. */
export const relayCheckpointName = 'outbox-relay'

/**
 * Publishes the service's committed events to the bus, in commit order. The checkpoint moves
 * only after the bus acknowledged, so a crash republishes (deduplicated by event id) and never
 * loses. A session advisory lock keeps one relay active per service across replicas; the
 * others wait and take over when its connection goes away.
 */
export class OutboxRelay {
  private running = false
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined
  private readonly aggregates: ReadonlyMap<string, string>
  private unsubscribe: (() => void) | undefined
  private leader = false

  constructor(private readonly options: OutboxRelayOptions) {
    this.aggregates = new Map(options.definitions.map((definition) => [eventKey(definition), definition.aggregate]))
    const { store } = options
    metricsFor(store.service).setRelayLag(() => relayLag(store.db, store.schema, relayCheckpointName))
  }

  get isLeader(): boolean {
    return this.leader
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.unsubscribe = this.options.store.onAppend(() => this.wake?.())
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.unsubscribe?.()
    this.wake?.()
    await this.loop
  }

  private async run(): Promise<void> {
    const { store } = this.options
    const lockKey = stableLockKey(`${store.schema}:${relayCheckpointName}`)
    while (this.running) {
      try {
        await store.db.session(async (connection) => {
          const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [lockKey])
          if (!rows[0]?.locked) return
          this.leader = true
          try {
            await this.publishWhileRunning(connection)
          } finally {
            this.leader = false
            await connection.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined)
          }
        })
      } catch (error) {
        this.options.onError?.(error)
      }
      await this.pause()
    }
  }

  private async publishWhileRunning(connection: SqlExecutor): Promise<void> {
    const { store, bus, batchSize = 200 } = this.options
    let checkpoint = await loadCheckpoint(connection, store.schema, relayCheckpointName)
    while (this.running) {
      const batch = await store.readAll(checkpoint, { limit: batchSize, db: connection })
      // Sent in order on one connection; the checkpoint moves once every publish is acknowledged.
      await bus.publishAll(batch.events.map((event) => this.toMessage(event)))
      if (batch.events.length > 0) {
        checkpoint = batch.checkpoint
        await storeCheckpoint(connection, store.schema, relayCheckpointName, checkpoint)
      }
      if (batch.events.length < batchSize) await this.pause()
    }
  }

  private toMessage(event: EventEnvelope): OutgoingMessage {
    return toBusMessage(event, this.aggregates.get(eventKey(event)) ?? 'unknown')
  }

  /** Waits the poll interval, or less when an append or `stop` wakes it; a stopped relay does not wait. */
  private pause(): Promise<void> {
    if (!this.running) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollIntervalMs ?? 250)
      function done(): void {
        clearTimeout(timer)
        resolve()
      }
      this.wake = done
    })
  }
}
