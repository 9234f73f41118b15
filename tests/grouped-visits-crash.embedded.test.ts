import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { startPlatformProcess, type PlatformProcess } from './support/processes.ts'

/**
 * The site's visits are committed in groups (decision 79). `npm start` on a data directory:
 * 500 concurrent visits answer 500 consecutive totals; then the process is killed (-9) while
 * groups are being committed, and after a restart every answered visit is in the log once, and
 * the counter equals the log.
 */
describe('visits committed in groups, killed mid-group (embedded, PGlite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-grupos-'))
  let running: PlatformProcess | undefined
  afterAll(async () => {
    await running?.process.stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  const visit = async (url: string, requestId: string) => {
    const response = await fetch(`${url}/api/counters/visits`, { method: 'POST', headers: { 'x-request-id': requestId } })
    return { status: response.status, total: response.ok ? ((await response.json()) as { total: number }).total : undefined }
  }

  it('answers 500 concurrent visits with 500 consecutive totals, and a kill -9 loses no answered visit and counts none twice', async () => {
    running = await startPlatformProcess({ DATA_DIR: dataDir })
    const first = await Promise.all(Array.from({ length: 500 }, () => visit((running as PlatformProcess).url, randomUUID())))
    expect(first.map((answer) => answer.total).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 500 }, (_, index) => index + 1))

    // A second wave, and the process killed the moment its hundredth answer arrives, while the
    // groups after it are being committed.
    const { url, process: victim } = running
    const answered = new Map<string, number>()
    const wave = Array.from({ length: 2000 }, async () => {
      const requestId = randomUUID()
      const answer = await visit(url, requestId).catch(() => ({ status: 0, total: undefined }))
      if (answer.total === undefined) return
      answered.set(requestId, answer.total)
      if (answered.size === 100) void victim.stop('SIGKILL')
    })
    await Promise.all(wave)
    await victim.exited
    running = undefined
    expect(answered.size).toBeGreaterThanOrEqual(100)
    expect(new Set(answered.values()).size).toBe(answered.size)

    // Read the log and the counter as the crash left them.
    const pglite = await PGlite.create({ dataDir: join(dataDir, 'pglite') })
    try {
      const { rows: events } = await pglite.query<{ correlation_id: string }>(`select metadata->>'correlationId' as correlation_id from audit.events where type = 'VisitRecorded'`)
      const { rows: counter } = await pglite.query<{ total: number }>(`select total::integer as total from audit.counters where name = 'visits'`)
      const logged = new Set(events.map((event) => event.correlation_id))
      expect(logged.size).toBe(events.length)
      for (const requestId of answered.keys()) expect(logged.has(requestId)).toBe(true)
      expect(counter[0]?.total).toBe(events.length)
      expect(events.length).toBeGreaterThanOrEqual(500 + answered.size)
      expect(Math.max(...answered.values())).toBeLessThanOrEqual(events.length)
    } finally {
      await pglite.close()
    }

    running = await startPlatformProcess({ DATA_DIR: dataDir })
    const after = await visit(running.url, randomUUID())
    expect(after.status).toBe(200)
    expect(after.total).toBeGreaterThan(Math.max(...answered.values()))
    expect(await running.process.stop()).toBe(0)
    running = undefined
  }, 240_000)
})
