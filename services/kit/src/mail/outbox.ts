import { randomUUID } from 'node:crypto'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { ident } from '../db/ident.ts'
import type { Logger } from '../http/index.ts'

/**
 * Mail that must never be lost: a service records each message in its own `mail_outbox` table in
 * the same transaction as the change that causes it, and a sender delivers it afterwards, retrying
 * with backoff until the next hop accepts it. Rows are claimed with a lease (`for update skip
 * locked`), so replicas never deliver the same row at once and a crashed sender's row is taken
 * again when its lease ends. What the row holds (`kind`, `payload`) is the service's business; the
 * payload is erased once delivered, since it may carry a provisional password or a link.
 */
export interface OutboxMail {
  /** Stable id: the next hop uses it to drop a message handed over twice. */
  id: string
  kind: string
  payload: unknown
  /** 1 on the first delivery attempt. */
  attempt: number
}

export interface UndeliveredMail {
  id: string
  kind: string
  payload: unknown
  queuedAt: string
  attempts: number
  lastAttemptAt: string | null
  lastError: string | null
}

export async function createMailOutboxTable(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
    create table if not exists ${s}.mail_outbox (
      id uuid primary key,
      kind text not null,
      payload jsonb,
      queued_at timestamptz not null,
      attempts int not null default 0,
      next_attempt_at timestamptz not null,
      claimed_until timestamptz,
      last_attempt_at timestamptz,
      last_error text,
      delivered_at timestamptz
    );
    create index if not exists mail_outbox_due on ${s}.mail_outbox (next_attempt_at) where delivered_at is null;
  `)
}

/** Records a message to deliver; call it inside the transaction of the change that causes it. A known id is ignored. */
export async function enqueueMail(tx: SqlExecutor, schema: string, mail: { id?: string; kind: string; payload: unknown }, now = new Date()): Promise<string> {
  const id = mail.id ?? randomUUID()
  await tx.query(
    `insert into ${ident(schema)}.mail_outbox (id, kind, payload, queued_at, next_attempt_at) values ($1, $2, $3, $4, $4)
     on conflict (id) do nothing`,
    [id, mail.kind, JSON.stringify(mail.payload), now.toISOString()],
  )
  return id
}

/** Messages still waiting that were queued before `queuedBefore`, oldest first. */
export async function undeliveredMail(db: SqlExecutor, schema: string, queuedBefore: Date, limit = 50): Promise<UndeliveredMail[]> {
  const { rows } = await db.query<{
    id: string
    kind: string
    payload: unknown
    queued_at: Date | string
    attempts: number
    last_attempt_at: Date | string | null
    last_error: string | null
  }>(
    `select id, kind, payload, queued_at, attempts, last_attempt_at, last_error from ${ident(schema)}.mail_outbox
     where delivered_at is null and queued_at < $1 order by queued_at limit $2`,
    [queuedBefore.toISOString(), limit],
  )
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    queuedAt: new Date(row.queued_at).toISOString(),
    attempts: Number(row.attempts),
    lastAttemptAt: row.last_attempt_at === null ? null : new Date(row.last_attempt_at).toISOString(),
    lastError: row.last_error,
  }))
}

/** 5 s, 10 s, 20 s … doubling up to `maxMs`: a short outage costs seconds, a long one one try per `maxMs`. */
export function mailRetryDelay(attempt: number, firstMs = 5_000, maxMs = 5 * 60_000): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1))
}

export interface MailOutboxSenderOptions {
  db: SqlDatabase
  schema: string
  /** Hands one message to the next hop; throwing leaves it queued with the error as its reason. */
  deliver(mail: OutboxMail): Promise<void>
  logger?: Logger | undefined
  /** How often queued mail is looked for when nobody calls `kick` (default 1 s). */
  pollIntervalMs?: number
  /** How long a claimed row is kept from other senders (default 2 min, longer than any SMTP timeout). */
  leaseMs?: number
  retryDelay?: (attempt: number) => number
  batchSize?: number
  /** Delivered rows are kept this long, then deleted (default 7 days). */
  keepDeliveredMs?: number
}

const MAX_REASON_LENGTH = 500

/** Delivers a service's queued mail, one message at a time, until it is stopped. */
export class MailOutboxSender {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true
  private kicked = false
  private lastPruned = 0

  constructor(private readonly options: MailOutboxSenderOptions) {}

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  /** Looks for queued mail now (after a transaction that queued some has committed). */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.kicked = true
      return
    }
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  /** Waits for a delivery round in progress, then delivers every message due now (tests use it). */
  async settle(): Promise<void> {
    await this.running
    await this.drain(new Date())
  }

  /** Delivers every message due now; resolves when none is left. */
  async drain(now = new Date()): Promise<void> {
    for (;;) {
      const batch = await this.claim(now)
      if (batch.length === 0) break
      for (const mail of batch) await this.deliverOne(mail)
    }
    await this.pruneDelivered(now)
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), delayMs)
    this.timer.unref()
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return
    this.kicked = false
    this.running = this.drain(new Date()).catch((error: unknown) => this.options.logger?.warn({ err: error }, 'No se pudo revisar la cola de correo'))
    await this.running
    this.running = undefined
    if (!this.stopped) this.schedule(this.kicked ? 0 : (this.options.pollIntervalMs ?? 1_000))
  }

  private async claim(now: Date): Promise<OutboxMail[]> {
    const s = ident(this.options.schema)
    const leaseEnds = new Date(now.getTime() + (this.options.leaseMs ?? 120_000))
    const { rows } = await this.options.db.query<{ id: string; kind: string; payload: unknown; attempts: number }>(
      `update ${s}.mail_outbox set claimed_until = $2, attempts = attempts + 1, last_attempt_at = $1
       where id in (
         select id from ${s}.mail_outbox
         where delivered_at is null and next_attempt_at <= $1 and (claimed_until is null or claimed_until < $1)
         order by next_attempt_at limit $3 for update skip locked
       )
       returning id, kind, payload, attempts`,
      [now.toISOString(), leaseEnds.toISOString(), this.options.batchSize ?? 10],
    )
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      attempt: Number(row.attempts),
    }))
  }

  private async deliverOne(mail: OutboxMail): Promise<void> {
    const s = ident(this.options.schema)
    try {
      await this.options.deliver(mail)
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH)
      const delay = (this.options.retryDelay ?? mailRetryDelay)(mail.attempt)
      this.options.logger?.warn({ mailId: mail.id, kind: mail.kind, attempt: mail.attempt, reason }, 'Correo sin entregar; se reintentará')
      await this.options.db.query(`update ${s}.mail_outbox set claimed_until = null, last_error = $2, next_attempt_at = $3 where id = $1`, [
        mail.id,
        reason,
        new Date(Date.now() + delay).toISOString(),
      ])
      return
    }
    await this.options.db.query(
      `update ${s}.mail_outbox set delivered_at = $2, payload = null, claimed_until = null, last_error = null where id = $1`,
      [mail.id, new Date().toISOString()],
    )
  }

  private async pruneDelivered(now: Date): Promise<void> {
    if (now.getTime() - this.lastPruned < 60 * 60_000) return
    this.lastPruned = now.getTime()
    const keep = this.options.keepDeliveredMs ?? 7 * 24 * 60 * 60_000
    await this.options.db.query(`delete from ${ident(this.options.schema)}.mail_outbox where delivered_at < $1`, [new Date(now.getTime() - keep).toISOString()])
  }
}
