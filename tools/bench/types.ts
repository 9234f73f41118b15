/** Where a benchmark runs: everything in one process on PGlite, or services on PostgreSQL + NATS JetStream. */
export type BenchMode = 'embedded' | 'postgres+nats'

export interface BenchOptions {
  /** Smaller sizes and shorter runs, to check the script itself. */
  quick: boolean
  log(line: string): void
  /** Wraps a figure's measured run (CPU per process, optional profile); not warm-up or calibration. */
  measure: Measure
}

export type Measure = <T>(label: string, run: () => Promise<T>) => Promise<T>

export interface ReplayTiming {
  service: string
  projection: string
  seconds: number
  eventsPerSecond: number
  /** Events the replay applied (the projection's handled types only). */
  events?: number
  /** A plain read of just the rows this replay reads (same queries, nothing applied), for comparison. */
  plainReadEventsPerSecond?: number
}

export interface ReplayBenchResult {
  mode: BenchMode
  /** Events in the generated log (own events plus consumed events kept in the inbox). */
  events: number
  generateSeconds: number
  /** A plain sequential read of the same log, in the order replay reads it. */
  plainReadSeconds: number
  plainReadEventsPerSecond: number
  replays: ReplayTiming[]
}
