import { runCommand } from './command.ts'
import type { Engine } from './engine.ts'
import type { Stack } from './stack.ts'

/**
 * Podman runs HEALTHCHECKs from systemd timers; without systemd a container stays "starting" and
 * compose's `condition: service_healthy` waits for ever. This runs every running container's check
 * in turn, as the timers would, until stopped. On Docker it does nothing.
 */
export function driveHealthChecks(engine: Engine, stack: Stack, everyMs = 3_000): { stop(): Promise<void> } {
  if (!engine.drivesHealthChecks) return { stop: async () => undefined }
  let running = true
  const loop = (async () => {
    while (running) {
      const containers = await stack.containers().catch(() => [])
      for (const container of containers) {
        if (!running || !container.running) continue
        await runCommand(engine.bin, ['healthcheck', 'run', container.id], { env: engine.env, timeoutMs: 15_000 })
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
    },
  }
}
