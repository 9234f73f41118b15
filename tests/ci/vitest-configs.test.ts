import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ViteUserConfig } from 'vitest/config'
import main from '../../vitest.config.ts'
import browser from '../browser/vitest.config.ts'
import containers from '../containers/vitest.config.ts'
import faults from '../faults/vitest.config.ts'

const suites: Record<string, ViteUserConfig> = { main, browser, faults, containers }

/** The main suite's configuration as it reads under `TEST_ENGINES=selection` (or without it). */
async function mainSuiteUnder(selection: string | undefined): Promise<ViteUserConfig> {
  vi.resetModules()
  vi.stubEnv('TEST_ENGINES', selection)
  return ((await import('../../vitest.config.ts')) as { default: ViteUserConfig }).default
}

describe('the suites’ configurations', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it.each(Object.keys(suites))('%s gives expect.poll time for a busy machine, not vitest’s 1 s', (name) => {
    expect(suites[name]?.test?.expect?.poll?.timeout).toBeGreaterThanOrEqual(10_000)
  })

  it('leaves out the real-engine files on the embedded engines, the embedded-only files on the real ones, and neither otherwise', async () => {
    const excluded = async (selection: string | undefined) => (await mainSuiteUnder(selection)).test?.exclude ?? []
    expect(await excluded('embedded')).toContain('**/*.real.test.ts')
    expect(await excluded('embedded')).not.toContain('**/*.embedded.test.ts')
    expect(await excluded('real')).toContain('**/*.embedded.test.ts')
    expect(await excluded('real')).not.toContain('**/*.real.test.ts')
    const everyFile = await excluded(undefined)
    expect(everyFile.filter((pattern) => pattern.includes('.real.') || pattern.includes('.embedded.'))).toEqual([])
  })
})
