import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100

/** CPU seconds (user + system) a process has used so far; 0 when it is gone or /proc is missing. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
  } catch {
    return 0
  }
}

function pidsNamed(command: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command
        } catch {
          return false
        }
      })
      .map(Number)
  } catch {
    return []
  }
}

export interface WatchedProcess {
  name: string
  pid?: number
  /** Every process with this command name (PostgreSQL's backends, nats-server). */
  command?: string
}

/** CPU time used by each watched process during `run`, in cores (CPU seconds ÷ wall seconds). */
export async function cpuDuring<T>(watched: WatchedProcess[], run: () => Promise<T>): Promise<{ result: T; cores: Record<string, number> }> {
  const total = (process: WatchedProcess) =>
    process.pid !== undefined ? cpuSecondsOf(process.pid) : pidsNamed(process.command ?? '').reduce((sum, pid) => sum + cpuSecondsOf(pid), 0)
  const before = watched.map(total)
  const started = performance.now()
  const result = await run()
  const seconds = (performance.now() - started) / 1000
  const cores = Object.fromEntries(watched.map((process, index) => [process.name, (total(process) - (before[index] ?? 0)) / seconds]))
  return { result, cores }
}

/** `embedded 0.97 · bench 0.41 · postgres 0.00` */
export function formatCores(cores: Record<string, number>): string {
  return Object.entries(cores)
    .map(([name, value]) => `${name} ${value.toFixed(2)}`)
    .join(' · ')
}
