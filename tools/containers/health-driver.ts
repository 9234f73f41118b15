import { runCommand } from './command.ts'
import type { Engine } from './engine.ts'
import type { Stack } from './stack.ts'

const unitMs: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 }

/** A Go duration as inspect prints it ("10s", "1m30s", "500ms"), or nanoseconds, in milliseconds. */
export function durationMs(text: string): number {
  if (/^\d+$/.test(text.trim())) return Number(text) / 1e6
  let total = 0
  for (const [, amount = '0', unit = 's'] of text.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)) total += Number(amount) * (unitMs[unit] ?? 0)
  return total
}

/**
 * Podman runs HEALTHCHECKs from systemd timers; without systemd a container stays "starting" and
 * compose's `condition: service_healthy` waits for ever. This runs each running container's check
 * at its own interval (as the timers would: a check run more often would make a slow start count
 * as unhealthy sooner than on Docker), until stopped. On Docker it does nothing.
 */
export function driveHealthChecks(engine: Engine, stack: Stack, tickMs = 1_000): { stop(): Promise<void> } {
  if (!engine.drivesHealthChecks) return { stop: async () => undefined }
  let running = true
  const lastRun = new Map<string, number>()
  const intervals = new Map<string, number>()
  const intervalOf = async (id: string) => {
    if (!intervals.has(id)) {
      const interval = durationMs(await stack.inspect(id, '{{.Config.Healthcheck.Interval}}').catch(() => ''))
      intervals.set(id, interval > 0 ? interval : 30_000)
    }
    return intervals.get(id) as number
  }
  const loop = (async () => {
    while (running) {
      const containers = await stack.containers().catch(() => [])
      for (const container of containers) {
        if (!running || !container.running) continue
        if (Date.now() - (lastRun.get(container.id) ?? 0) < (await intervalOf(container.id))) continue
        lastRun.set(container.id, Date.now())
        await runCommand(engine.bin, ['healthcheck', 'run', container.id], { env: engine.env, timeoutMs: 15_000 })
      }
      await new Promise((resolve) => setTimeout(resolve, tickMs))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
    },
  }
}
