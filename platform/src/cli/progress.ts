import cliProgress from 'cli-progress'

/**
 * Progress of a long operator command, where it runs: a bar on a terminal; without one (a
 * Kubernetes Job's log, a pipe) plain Spanish lines at a fixed interval, always a first and a last.
 */
export interface ProgressReporter {
  /** The work is known: `total` items from now on. */
  start(total: number): void
  /** `done` items so far. */
  update(done: number): void
  /** The work ended with `done` items. */
  finish(done: number): void
}

/** A whole number with its thousands apart, as in the operators' lines: 12 000. */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)))
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return value < 0 ? `-${grouped}` : grouped
}

/** A duration a person reads: "12 s", "3 min 5 s", "1 h 20 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
}

export interface ProgressSnapshot {
  done: number
  total: number
  /** Since the work started. */
  elapsedMs: number
}

function percent({ done, total }: ProgressSnapshot): number {
  return total > 0 ? Math.floor((Math.min(done, total) / total) * 100) : 100
}

/** Items per second so far; undefined until there is something to divide. */
function rate({ done, elapsedMs }: ProgressSnapshot): number | undefined {
  return done > 0 && elapsedMs > 0 ? (done / elapsedMs) * 1000 : undefined
}

/** `audit/counters: 12 000/50 000 eventos (24 %), 3 100 eventos/s, faltan ~12 s` */
export function progressLine(label: string, snapshot: ProgressSnapshot): string {
  const parts = [`${label}: ${formatCount(snapshot.done)}/${formatCount(snapshot.total)} eventos (${percent(snapshot)} %)`]
  const perSecond = rate(snapshot)
  if (perSecond !== undefined) {
    parts.push(`${formatCount(perSecond)} eventos/s`)
    const left = Math.max(0, snapshot.total - snapshot.done)
    if (left > 0) parts.push(`faltan ~${formatDuration(Math.max(1000, (left / perSecond) * 1000))}`)
  }
  return parts.join(', ')
}

/** `audit/counters: terminado, 50 000 eventos en 16 s (3 100 eventos/s)` */
export function finishedLine(label: string, snapshot: ProgressSnapshot): string {
  const perSecond = rate(snapshot)
  const speed = perSecond === undefined ? '' : ` (${formatCount(perSecond)} eventos/s)`
  return `${label}: terminado, ${formatCount(snapshot.done)} eventos en ${formatDuration(snapshot.elapsedMs)}${speed}`
}

export interface LineProgressOptions {
  label: string
  write: (line: string) => void
  /** Least time between two lines; 0 writes one on every update. */
  intervalMs: number
  now?: () => number
}

/** Lines for a log: the first at start, then at most one per interval, and the last at finish. */
export function lineProgress(options: LineProgressOptions): ProgressReporter {
  const now = options.now ?? Date.now
  let startedAt = now()
  let lastLineAt = startedAt
  let total = 0
  const snapshot = (done: number): ProgressSnapshot => ({ done, total, elapsedMs: now() - startedAt })
  return {
    start(known) {
      total = known
      startedAt = lastLineAt = now()
      options.write(progressLine(options.label, snapshot(0)))
    },
    update(done) {
      if (now() - lastLineAt < options.intervalMs) return
      lastLineAt = now()
      options.write(progressLine(options.label, snapshot(done)))
    },
    finish(done) {
      options.write(finishedLine(options.label, snapshot(done)))
    },
  }
}

/** The bar of cli-progress on a terminal, redrawn in place. */
export function barProgress(label: string, stream: NodeJS.WriteStream): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} eventos`, stream },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    start(total) {
      bar.start(total, 0)
      started = true
    },
    update(done) {
      bar.update(done)
    },
    finish(done) {
      if (!started) return
      bar.update(done)
      bar.stop()
    },
  }
}

/** The bar when `stream` is a terminal, lines every `intervalMs` otherwise. */
export function progressFor(label: string, stream: NodeJS.WriteStream, intervalMs: number): ProgressReporter {
  if (stream.isTTY) return barProgress(label, stream)
  return lineProgress({ label, intervalMs, write: (line) => stream.write(`${line}\n`) })
}
