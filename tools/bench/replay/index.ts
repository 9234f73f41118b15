import { auditService } from '@donaciones/audit'
import { eventKey, EventStore, replayProjection, type Projection, type SqlExecutor } from '@donaciones/kit'
import type { BenchMode, BenchOptions, ReplayBenchResult, ReplayTiming } from '../types.ts'
import { checkAgainstContracts } from './contracts-check.ts'
import { openReplayDatabase } from './database.ts'
import { generateAuditLog } from './generate.ts'
import { planAuditLog, totalEvents, type AuditLogMix } from './mix.ts'
import { readLogPlainly, type PlainReadFilter } from './plain-read.ts'
import { verifyCounters, verifyHistory, verifyIndexes } from './verify.ts'
import { profileDir } from '../profile.ts'
import { summariseStatements, timedDatabase, type StatementTimes } from './statement-times.ts'

const fullSize = 1_000_000
const quickSize = 50_000

/** The audit projections replayed, each with the check that its rebuilt tables match the log. */
const replayed: { name: string; verify: (db: SqlExecutor, schema: string, mix: AuditLogMix) => Promise<void> }[] = [
  { name: 'counters', verify: verifyCounters },
  { name: 'historical', verify: verifyHistory },
]

/**
 * Issue 8, replay: generates the audit service's log (1,000,000 events, or 50,000 with quick),
 * reads it plainly, then rebuilds the counters and history projections with the code
 * `npm run replay -- audit <projection>` runs and checks what they rebuilt.
 */
export async function benchReplay(mode: BenchMode, options: BenchOptions): Promise<ReplayBenchResult> {
  const mix = planAuditLog(options.quick ? quickSize : fullSize)
  const events = totalEvents(mix)
  const database = await openReplayDatabase(mode)
  try {
    const { db, schema } = database
    // As the replay CLI builds it: the service's own definitions and every one its projections handle.
    const definitions = [...auditService.events, ...auditService.projections.flatMap((projection) => projection.handles)]
    const store = new EventStore({ db, schema, service: auditService.name, definitions })
    await store.init()
    // With BENCH_PROFILE_DIR the replays time each statement they run (the quickest round's are printed).
    const times: StatementTimes = new Map()
    const replayStore = profileDir ? new EventStore({ db: timedDatabase(db, times), schema, service: auditService.name, definitions }) : store

    options.log(`  replay (${mode}): generando ${events} eventos (${mix.visits} visitas, ${events - mix.visits} en el inbox)…`)
    const generateStarted = performance.now()
    await generateAuditLog(db, schema, mix)
    const generateSeconds = (performance.now() - generateStarted) / 1000
    const checked = await checkAgainstContracts(db, schema, auditService.name)
    options.log(`  replay (${mode}): generados en ${generateSeconds.toFixed(1)} s; ${checked} eventos validados contra los contratos`)

    const rounds = options.quick ? 3 : 2
    const plain = await fastest(rounds, () => readLogPlainly(db, schema))
    if (plain.events !== events) throw new Error(`La lectura simple leyó ${plain.events} eventos de ${events}`)
    const plainReadEventsPerSecond = plain.events / plain.seconds
    options.log(`  replay (${mode}): lectura simple ${plain.seconds.toFixed(2)} s, ${plainReadEventsPerSecond.toFixed(0)} eventos/s (la mejor de ${rounds})`)

    const replays: ReplayTiming[] = []
    for (const { name, verify } of replayed) {
      const projection = findProjection(name)
      const own = await fastest(rounds, () => readLogPlainly(db, schema, replayedRows(projection)))
      const replay = await fastest(rounds, async () => {
        times.clear()
        const started = performance.now()
        const progress = await replayProjection({ store: replayStore, projection })
        const seconds = (performance.now() - started) / 1000
        const statements = profileDir ? summariseStatements(times, seconds * 1000) : []
        await verify(db, schema, mix)
        await verifyIndexes(db, schema, projection)
        return { events: progress.done, seconds, statements }
      })
      if (own.events !== replay.events) throw new Error(`La reconstrucción de ${name} aplicó ${replay.events} eventos y su lectura simple leyó ${own.events}`)
      const timing: ReplayTiming = {
        service: auditService.name,
        projection: name,
        seconds: replay.seconds,
        eventsPerSecond: replay.events / replay.seconds,
        events: replay.events,
        plainReadEventsPerSecond: own.events / own.seconds,
      }
      replays.push(timing)
      const percent = (rate: number) => `${((100 * timing.eventsPerSecond) / rate).toFixed(0)}%`
      options.log(
        `  replay (${mode}): audit/${name} ${replay.events} eventos en ${replay.seconds.toFixed(2)} s, ${timing.eventsPerSecond.toFixed(0)} eventos/s; ` +
          `${percent(plainReadEventsPerSecond)} de la lectura simple del registro, ${percent(own.events / own.seconds)} de la de sus propias filas ` +
          `(${(own.events / own.seconds).toFixed(0)} eventos/s); verificado (la mejor de ${rounds})`,
      )
      for (const line of replay.statements) options.log(`    ${line}`)
    }
    return { mode, events, generateSeconds, plainReadSeconds: plain.seconds, plainReadEventsPerSecond, replays }
  } finally {
    await database.dispose()
  }
}

/** Runs a measurement a few times and keeps the quickest: the machine is shared and timings are noisy. */
async function fastest<T extends { seconds: number }>(rounds: number, measure: () => Promise<T>): Promise<T> {
  let best = await measure()
  for (let round = 1; round < rounds; round += 1) {
    const result = await measure()
    if (result.seconds < best.seconds) best = result
  }
  return best
}

/** The rows replay reads for a projection: the service's own events of the handled types, the rest from the inbox. */
function replayedRows(projection: Projection): PlainReadFilter {
  return {
    ownTypes: projection.handles.filter((definition) => definition.service === auditService.name).map((definition) => definition.type),
    inboxKeys: projection.handles.filter((definition) => definition.service !== auditService.name).map(eventKey),
  }
}

function findProjection(name: string): Projection {
  const projection = auditService.projections.find((candidate) => candidate.name === name)
  if (!projection) throw new Error(`El servicio audit no tiene la proyección ${name}`)
  return projection
}
