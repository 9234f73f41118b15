import { machineSummary } from './report-section.ts'
import type { DonationResult } from './donations.ts'
import type { LoadResult } from './load.ts'
import type { ReadPathResult } from './read-path.ts'
import { spikeConnections, spikeTimeoutSeconds, type SpikeResult } from './spike.ts'
import type { BenchMode, ReplayBenchResult } from './types.ts'
import type { WriteResult } from './write-path.ts'

/** Targets of issue 17, measured on 2 cores; each applies to the modes it names. */
export const targets = {
  read: {
    connections: 200,
    shareOfBare: { 'postgres+nats': 0.6, embedded: 0.5 } satisfies Record<BenchMode, number>,
    /** The gateway's p99 at most this many times the bare handler's, in the same run. */
    p99OfBare: { 'postgres+nats': 2 } as Partial<Record<BenchMode, number>>,
  },
  incrementsPerSecond: { 'postgres+nats': 3000, embedded: 1000 } satisfies Record<BenchMode, number>,
  donationsPerSecond: { 'postgres+nats': 250, embedded: 120 } satisfies Record<BenchMode, number>,
  /** Every projection, both modes; the share of a plain read of the log is shown, not a target. */
  replayEventsPerSecond: 50_000,
  /** The spike: every request answered with a 2xx. */
  spikeFailures: 0,
}

export interface ModeResults {
  mode: BenchMode
  read?: ReadPathResult[]
  spike?: SpikeResult
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
const percent = (share: number) => `${(share * 100).toFixed(0)} %`

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

function readTarget(mode: BenchMode, r: ReadPathResult): string {
  if (r.connections !== targets.read.connections) return '—'
  const share = targets.read.shareOfBare[mode]
  const p99Factor = targets.read.p99OfBare[mode]
  const shareMet = r.ratio >= share
  if (p99Factor === undefined) return `≥ ${percent(share)}: ${verdict(shareMet)}`
  const p99Met = r.gateway.p99Ms <= p99Factor * r.bare.p99Ms
  return `≥ ${percent(share)}, p99 ≤ ${p99Factor} × bare (${ms(p99Factor * r.bare.p99Ms)}): ${verdict(shareMet && p99Met)}`
}

function readRows(results: ModeResults[]): string[] {
  const rows = results.flatMap(({ mode, read }) =>
    (read ?? []).map(
      (r) =>
        `| ${mode} | ${r.connections} | ${rate(r.gateway.requestsPerSecond)} | ${ms(r.gateway.p50Ms)} / ${ms(r.gateway.p99Ms)} | ${rate(r.bare.requestsPerSecond)} | ${ms(r.bare.p50Ms)} / ${ms(r.bare.p99Ms)} | ${percent(r.ratio)} | ${r.gateway.failed} | ${readTarget(mode, r)} |`,
    ),
  )
  return tableSection(
    'Public read path: `GET /api/public/campaigns/{slug}`',
    'autocannon in the benchmark process; the gateway and a bare express handler answering the same JSON each in a process of their own.',
    ['mode', 'connections', 'gateway', 'gateway p50 / p99', 'bare handler', 'bare p50 / p99', 'gateway ÷ bare', 'failed', 'target'],
    rows,
  )
}

function spikeRows(results: ModeResults[]): string[] {
  const mib = (value: number) => `${value.toFixed(0)} MiB`
  const row = (label: string, load: LoadResult, listenOverflows: string, resident: string, target: string) =>
    `| ${label} | ${load.connections.toLocaleString('en-US')} | ${load.seconds.toFixed(0)} s | ${rate(load.requestsPerSecond)} | ${ms(load.p50Ms)} / ${ms(load.p99Ms)} | ${load.sent.toLocaleString('en-US')} | ${load.ok.toLocaleString('en-US')} | ${load.non2xx} / ${load.errors} / ${load.timeouts} | ${Math.max(0, load.sent - load.ok - load.non2xx - load.errors).toLocaleString('en-US')} | ${listenOverflows} | ${resident} | ${target} |`
  const rows = results.flatMap(({ mode, spike }) => {
    if (!spike) return []
    const { load, memory, bare } = spike
    const failures = load.non2xx + load.errors
    const resident = memory.map((entry) => `${entry.name} ${mib(entry.beforeMiB)} → ${mib(entry.afterMiB)} (peak ${mib(entry.peakMiB)})`).join('; ')
    return [
      row(mode, load, spike.listenOverflows.toLocaleString('en-US'), resident, `${targets.spikeFailures} failed: ${verdict(failures <= targets.spikeFailures)}`),
      row(`${mode}: bare handler`, bare, '—', '—', '—'),
    ]
  })
  const limit = results.find((result) => result.spike)?.spike?.openFilesLimit
  return tableSection(
    `Spike: ${spikeConnections.toLocaleString('en-US')} concurrent visitors on one campaign page`,
    `autocannon in the benchmark process, ${spikeConnections.toLocaleString('en-US')} connections opened at once on \`GET /api/public/campaigns/{slug}\` through the gateway, no warm-up beyond one request (after the read path when both run); a request unanswered after ${spikeTimeoutSeconds} s is a timeout, counted among the errors; requests still in flight when the run stops are neither (at most one per connection). Resident memory (VmRSS) of the embedded process, or of the gateway and the campaign service, before and right after the spike, and the highest value sampled every 250 ms during it. Listen queue overflows: connection attempts the kernel dropped during the spike because a server's accept queue was full (machine-wide count; the client retries a second or more later). Each mode's second row is the same spike, right after, on a bare express handler answering the same JSON in a process of its own (listen backlog 4,096 like the platform's servers): since libuv 1.45 (Node 20) a busy process accepts one new connection per turn of its event loop, so the connections that were not accepted in the first moments wait in the kernel's accept queue while the others are served. Open-files limit ${limit === undefined ? 'unknown' : limit.toLocaleString('en-US')}.`,
    ['mode', 'connections', 'duration', 'requests', 'p50 / p99', 'sent', '2xx', 'non-2xx / errors / timeouts', 'in flight at the end', 'listen queue overflows', 'resident memory before → after (peak)', 'target'],
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
    const perSecond = targets.donationsPerSecond[mode]
    const target = `≥ ${rate(perSecond)} and none lost or doubled: ${verdict(d.exact && d.donationsPerSecond >= perSecond)}`
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
      const target = `≥ ${rate(targets.replayEventsPerSecond)}: ${verdict(r.eventsPerSecond >= targets.replayEventsPerSecond)}`
      return `| ${mode} | ${r.service} ${r.projection} | ${Math.round(r.eventsPerSecond * r.seconds).toLocaleString('en-US')} of ${(replay?.events ?? 0).toLocaleString('en-US')} | ${rate(r.eventsPerSecond)} | ${rate(replay?.plainReadEventsPerSecond ?? 0)} | ${percent(share)} | ${target} |`
    }),
  )
  return tableSection('Replay', undefined, ['mode', 'projection', 'events replayed (of the log)', 'replay', 'plain read of the log', 'replay ÷ read', 'target'], rows)
}

export function renderReport(results: ModeResults[], quick: boolean): string {
  const errors = results.flatMap(({ mode, errors }) => errors.map((error) => `- ${mode}: ${error}`))
  return [
    '## Server: read path, spike, write hot path, donations, replay (`npm run bench`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineSummary()}, Node ${process.version}${quick ? ' (quick run: short and small, figures indicative only)' : ''}.`,
    'Modes: embedded (`npm start`: one process, PGlite, in-process bus) and postgres+nats (each service and the gateway its own process, PostgreSQL 15, NATS JetStream). Targets of issue 17, each in the row of the mode it applies to; the replay ÷ read column is for information.',
    '',
    ...readRows(results),
    ...spikeRows(results),
    ...writeRows(results),
    ...donationRows(results),
    ...replayRows(results),
    ...(errors.length > 0 ? ['### Not measured', '', ...errors, ''] : []),
  ]
    .join('\n')
    .trimEnd()
}
