import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { runScript, startPlatformProcess } from './support/processes.ts'

/** What a newcomer does: `npm start`, use it, stop it, start it again. */
describe('npm start (embedded, one process)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-start-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  async function start() {
    const { url, process: platform } = await startPlatformProcess({ DATA_DIR: dataDir })
    return { platform, url }
  }

  it('counts visits, keeps them over a restart and refuses a second process on the same data', async () => {
    const first = await start()
    expect(await (await fetch(`${first.url}/api/counters/visits`)).json()).toEqual({ total: 0 })
    expect(await (await fetch(`${first.url}/api/counters/visits`, { method: 'POST' })).json()).toEqual({ total: 1 })
    expect(await (await fetch(`${first.url}/api/counters/visits`, { method: 'POST' })).json()).toEqual({ total: 2 })

    await expect(startPlatformProcess({ DATA_DIR: dataDir })).rejects.toThrow('ya está en uso por el proceso')

    expect(await first.platform.stop()).toBe(0)

    const again = await start()
    expect(await (await fetch(`${again.url}/api/counters/visits`)).json()).toEqual({ total: 2 })
    expect(await again.platform.stop()).toBe(0)
  }, 240_000)

  it('rebuilds the counters with npm run replay to the same totals', async () => {
    const spoiled = await PGlite.create({ dataDir: join(dataDir, 'pglite') })
    await spoiled.query(`update audit.counters set total = 999 where name = 'visits'`)
    await spoiled.close()

    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { DATA_DIR: dataDir, DATABASE_URL: '' })
    expect(await replay.exited).toBe(0)
    expect(replay.output()).toContain('reconstruida con 2 eventos')

    const { url, process: platform } = await startPlatformProcess({ DATA_DIR: dataDir })
    expect(await (await fetch(`${url}/api/counters/visits`)).json()).toEqual({ total: 2 })

    const refused = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { DATA_DIR: dataDir, DATABASE_URL: '' })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain('con la plataforma detenida')
    expect(await platform.stop()).toBe(0)
  }, 240_000)
})
