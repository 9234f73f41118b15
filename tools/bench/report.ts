import { machineSummary } from './report-section.ts'
import type { DonationResult } from './donations.ts'
import type { ReadPathResult } from './read-path.ts'
import type { BenchMode, ReplayBenchResult } from './types.ts'
import type { WriteResult } from './write-path.ts'

/** Targets of issue 8, measured on 2 cores; most apply to PostgreSQL + NATS only. */
export const targets = {
  readShareOfBare: 0.4,
  readP99Ms: 30,
  readConnections: 200,
  incrementsPerSecond: { 'postgres+nats': 1500, embedded: 500 } satisfies Record<BenchMode, number>,
  donationsPerSecond: 200,
  replayEventsPerSecond: 30_000,
  replayShareOfPlainRead: 0.25,
}

export interface ModeResults {
  mode: BenchMode
  read?: ReadPathResult[]
  writes?: WriteResult[]
  donations?: DonationResult
  replay?: ReplayBenchResult
  /** A part that could not run, with the reason. */
  errors: string[]
}

const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`
const ms = (value: number) => `${Math.round(value)} ms`
const verdict = (met: boolean) => (met ? 'met' : '**missed**')
const check = (exact: boolean) => (exact ? 'OK' : '**MISMATCH**')
const distributed = (mode: BenchMode) => mode === 'postgres+nats'

/** A markdown section: heading, optional explanation, then the table (nothing when it has no rows). */
function tableSection(title: string, explanation: string | undefined, columns: readonly string[], rows: readonly string[]): string[] {
  if (rows.length === 0) return []
  return [
    `### ${title}`,
    '',
    ...(explanation ? [explanation, ''] : []),
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ]
}

function readRows(results: ModeResults[]): string[] {
  const rows = results.flatMap(({ mode, read }) =>
    (read ?? []).map((r) => {
      const target = distributed(mode) && r.connections === targets.readConnections
      const met = r.ratio >= targets.readShareOfBare && r.gateway.p99Ms < targets.readP99Ms
      return `| ${mode} | ${r.connections} | ${rate(r.gateway.requestsPerSecond)} | ${ms(r.gateway.p50Ms)} / ${ms(r.gateway.p99Ms)} | ${rate(r.bare.requestsPerSecond)} | ${ms(r.bare.p50Ms)} / ${ms(r.bare.p99Ms)} | ${(r.ratio * 100).toFixed(0)} % | ${r.gateway.failed} | ${target ? `≥ ${targets.readShareOfBare * 100} %, p99 < ${targets.readP99Ms} ms: ${verdict(met)}` : '—'} |`
    }),
  )
  return tableSection(
    'Public read path: `GET /api/public/campaigns/{slug}`',
    'autocannon in the benchmark process; the gateway and a bare express handler answering the same JSON each in a process of their own.',
    ['mode', 'connections', 'gateway', 'gateway p50 / p99', 'bare handler', 'bare p50 / p99', 'gateway ÷ bare', 'failed', 'target'],
    rows,
  )
}

function writeRows(results: ModeResults[]): string[] {
  const rows = results.flatMap(({ mode, writes }) =>
    (writes ?? []).map((w) => {
      const target = targets.incrementsPerSecond[mode]
      return `| ${mode} | ${w.kind} | ${rate(w.incrementsPerSecond)} | ${ms(w.p99Ms)} | ${w.sent} | ${w.ok} | ${w.counted} | ${check(w.exact)} | ≥ ${rate(target)} and exact: ${verdict(w.exact && w.incrementsPerSecond >= target)} |`
    }),
  )
  return tableSection(
    'Write hot path: `POST /api/public/campaigns/{slug}/visit` and `/like`',
    '50 connections; each like from an address of its own (X-Forwarded-For from loopback), as the limit is 5 likes per client, campaign and hour.',
    ['mode', 'counter', 'increments', 'p99', 'sent', '2xx', 'total grew by', 'exact', 'target'],
    rows,
  )
}

function donationRows(results: ModeResults[]): string[] {
  const rows = results.flatMap(({ mode, donations: d }) => {
    if (!d) return []
    const target = distributed(mode) ? `≥ ${rate(targets.donationsPerSecond)} and none lost or doubled: ${verdict(d.exact && d.donationsPerSecond >= targets.donationsPerSecond)}` : `none lost or doubled: ${verdict(d.exact)}`
    return [`| ${mode} | ${rate(d.donationsPerSecond)} | ${ms(d.p50Ms)} / ${ms(d.p99Ms)} | ${d.approved} | ${d.failed} | ${d.paidOrders} | ${d.recorded} | ${d.lost} / ${d.doubled} / ${d.withoutOrder} | ${check(d.exact)} | ${target} |`]
  })
  return tableSection(
    'Card donations end to end (provider simulator)',
    "50 concurrent donors, each tokenizing a card at the simulator and then calling `POST /api/donations/conekta` with an Idempotency-Key; afterwards the simulator's paid orders are matched with the approved donations the platform lists.",
    ['mode', 'donations', 'p50 / p99', 'approved', 'failed', 'paid orders', 'donations listed', 'lost / doubled / without order', 'exact', 'target'],
    rows,
  )
}

function replayRows(results: ModeResults[]): string[] {
  const rows = results.flatMap(({ mode, replay }) =>
    (replay?.replays ?? []).map((r) => {
      const share = replay && replay.plainReadEventsPerSecond > 0 ? r.eventsPerSecond / replay.plainReadEventsPerSecond : 0
      const met = r.eventsPerSecond >= targets.replayEventsPerSecond && share >= targets.replayShareOfPlainRead
      const target = distributed(mode) ? `≥ ${rate(targets.replayEventsPerSecond)} and ≥ ${targets.replayShareOfPlainRead * 100} %: ${verdict(met)}` : '—'
      return `| ${mode} | ${r.service} ${r.projection} | ${Math.round(r.eventsPerSecond * r.seconds).toLocaleString('en-US')} of ${(replay?.events ?? 0).toLocaleString('en-US')} | ${rate(r.eventsPerSecond)} | ${rate(replay?.plainReadEventsPerSecond ?? 0)} | ${(share * 100).toFixed(0)} % | ${target} |`
    }),
  )
  return tableSection('Replay', undefined, ['mode', 'projection', 'events replayed (of the log)', 'replay', 'plain read of the log', 'replay ÷ read', 'target'], rows)
}

export function renderReport(results: ModeResults[], quick: boolean): string {
  const errors = results.flatMap(({ mode, errors }) => errors.map((error) => `- ${mode}: ${error}`))
  return [
    '## Server: read path, write hot path, donations, replay (`npm run bench`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineSummary()}, Node ${process.version}${quick ? ' (quick run: short and small, figures indicative only)' : ''}.`,
    'Modes: embedded (`npm start`: one process, PGlite, in-process bus) and postgres+nats (each service and the gateway its own process, PostgreSQL 15, NATS JetStream). Targets apply to postgres+nats unless marked otherwise.',
    '',
    ...readRows(results),
    ...writeRows(results),
    ...donationRows(results),
    ...replayRows(results),
    ...(errors.length > 0 ? ['### Not measured', '', ...errors, ''] : []),
  ]
    .join('\n')
    .trimEnd()
}
