import { cpuDuring, formatCores, type WatchedProcess } from './cpu-time.ts'
import type { ServerProcess } from './platform.ts'
import { profileDir, profiled } from './profile.ts'
import type { BenchMode, Measure } from './types.ts'

/**
 * Wraps a figure's measured run: logs the CPU each server process, the bench (the load generator)
 * and, with PostgreSQL + NATS, the engines used during it, in cores; with BENCH_PROFILE_DIR, also
 * profiles that run alone in each process.
 */
export function measurer(mode: BenchMode, processes: ServerProcess[], log: (line: string) => void): Measure {
  const watched: WatchedProcess[] = [
    ...processes.flatMap(({ name, process }) => (process.child.pid === undefined ? [] : [{ name, pid: process.child.pid }])),
    { name: 'bench', pid: process.pid },
    ...(mode === 'postgres+nats' ? [{ name: 'postgres', command: 'postgres' }, { name: 'nats', command: 'nats-server' }] : []),
  ]
  return async (label, run) => {
    const dir = profileDir
    const { result, cores } = await cpuDuring(watched, () => (dir ? profiled(dir, `${mode}-${label}`, processes, log, run) : run()))
    log(`  cpu durante ${label} (núcleos): ${formatCores(cores)}`)
    return result
  }
}

/** For parts that run no platform (replay): runs as is. */
export const unmeasured: Measure = (_label, run) => run()
