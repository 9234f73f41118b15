import type { DeliveredMessage, MessageHandler } from './bus.ts'
import type { BusStore, StoredMessage } from './in-process-store.ts'
import { PendingCount } from './pending-count.ts'
import { subjectFilterPattern, subjectMatches } from './subject-filter.ts'

/** One subscriber of a durable consumer; `running` holds its unfinished handler calls. */
export interface Member {
  handler: MessageHandler
  ackWaitMs: number
  running: Set<Promise<unknown>>
}

export interface LoopSettings {
  redeliveryDelayMs: number
  pollIntervalMs: number
  onError: (error: unknown) => void
}

type Outcome = 'acked' | 'failed' | 'expired'

const BATCH_SIZE = 100

export function track(member: Member, promise: Promise<unknown>): void {
  member.running.add(promise)
  const forget = () => member.running.delete(promise)
  promise.then(forget, forget)
}

function settleWithin(handling: Promise<void>, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('expired'), ms)
    handling.then(
      () => resolve('acked'),
      () => resolve('failed'),
    ).finally(() => clearTimeout(timer))
  })
}

/**
 * Delivers the messages of one (durable, filter) pair in order, one at a time, to its members
 * in turn. A message is retried until a member acknowledges it; only then does the stored
 * checkpoint move past it. The loop runs while the pair has members.
 */
export class DeliveryLoop {
  private members: Member[] = []
  private turn = 0
  private running: Promise<void> | null = null
  private woken = false
  private pause: { resolve: () => void; onPublish: boolean } | null = null
  private readonly pattern: string
  /**
   * Every message up to here is acknowledged or not for this pair: read from the stored checkpoint
   * once, then kept here, as this loop is the pair's only reader and writer in the process.
   */
  private position: number | undefined
  private readonly pendingCount: PendingCount

  /** `horizon`: the last sequence the bus had stored when it made this pair. */
  constructor(
    private readonly store: BusStore,
    private readonly durable: string,
    private readonly filter: string,
    private readonly settings: LoopSettings,
    horizon: number,
  ) {
    this.pattern = subjectFilterPattern(filter)
    this.pendingCount = new PendingCount(horizon)
  }

  add(member: Member): void {
    this.members.push(member)
    this.start()
  }

  remove(member: Member): void {
    this.members = this.members.filter((candidate) => candidate !== member)
    if (this.members.length === 0) this.pause?.resolve()
  }

  /** A message was stored: if it is for this pair, count it and look for it now instead of at the next poll. */
  wake(subject: string, sequence: number): void {
    if (!subjectMatches(this.filter, subject)) return
    this.pendingCount.stored(sequence)
    this.woken = true
    if (this.pause?.onPublish) this.pause.resolve()
  }

  /** Messages of the pair not acknowledged yet, from memory (the stored checkpoint before the loop read it). */
  async pending(): Promise<number> {
    return this.pendingCount.after(this.position ?? (await this.store.checkpoint(this.durable, this.filter)))
  }

  private moveTo(position: number): number {
    this.position = position
    this.pendingCount.passed(position)
    return position
  }

  /** Resolves once the loop has stopped touching the database. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private start(): void {
    if (this.running) return
    this.running = this.run().finally(() => {
      this.running = null
      if (this.members.length > 0) this.start()
    })
  }

  private async run(): Promise<void> {
    while (this.members.length > 0) {
      try {
        await this.deliverAvailable()
      } catch (error) {
        this.settings.onError(error)
        this.woken = false
      }
      await this.sleep(this.settings.pollIntervalMs, true)
    }
  }

  /**
   * The checkpoint is stored once per batch read (and when delivery stops early), not per message:
   * a crash may deliver again what was acknowledged since, which consumers already allow for
   * (delivery is at least once; each handler skips what it has applied).
   */
  private async deliverAvailable(): Promise<void> {
    let position = this.position ?? this.moveTo(await this.store.checkpoint(this.durable, this.filter))
    let acked = 0
    const saveAcked = async () => {
      if (acked === 0) return
      await this.store.saveCheckpoint(this.durable, this.filter, acked)
      acked = 0
    }
    try {
      for (;;) {
        this.woken = false
        const batch = await this.store.readAfter(position, this.pattern, BATCH_SIZE)
        for (const message of batch.messages) {
          if (!(await this.deliver(message))) return
          position = acked = this.moveTo(message.sequence)
        }
        await saveAcked()
        // Every match in the window is acknowledged: the rest of it is for other consumers.
        position = this.moveTo(Math.max(position, batch.scannedTo))
        if (batch.scanned < BATCH_SIZE) return
      }
    } finally {
      await saveAcked()
    }
  }

  /** Resolves true once `message` is acknowledged, false if the members left first. */
  private async deliver(message: StoredMessage): Promise<boolean> {
    for (let deliveryCount = 1; ; deliveryCount++) {
      const member = this.members[this.turn++ % this.members.length]
      if (!member) return false
      const { sequence: _sequence, ...fields } = message
      const attempt = this.attempt(member, { ...fields, deliveryCount })
      track(member, attempt)
      const outcome = await attempt
      if (outcome === 'acked') return true
      if (outcome === 'failed') await this.sleep(this.settings.redeliveryDelayMs, false)
    }
  }

  private async attempt(member: Member, delivered: DeliveredMessage): Promise<Outcome> {
    const handling = Promise.resolve().then(() => member.handler(delivered))
    const outcome = await settleWithin(handling, member.ackWaitMs)
    // Like a JetStream ack wait: the message goes out again, and stop() still waits for this call.
    if (outcome === 'expired') track(member, handling.catch(() => undefined))
    return outcome
  }

  /** Waits `ms`, less if the members leave or, when `onPublish`, a message is published. */
  private sleep(ms: number, onPublish: boolean): Promise<void> {
    if (this.members.length === 0 || (onPublish && this.woken)) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), ms)
      const done = () => {
        clearTimeout(timer)
        this.pause = null
        resolve()
      }
      this.pause = { resolve: done, onPublish }
    })
  }
}
