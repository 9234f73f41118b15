import { describe, expect, it } from 'vitest'
import type { ViteUserConfig } from 'vitest/config'
import main from '../../vitest.config.ts'
import browser from '../browser/vitest.config.ts'
import containers from '../containers/vitest.config.ts'
import faults from '../faults/vitest.config.ts'

const suites: Record<string, ViteUserConfig> = { main, browser, faults, containers }

describe('the suites’ configurations', () => {
  it.each(Object.keys(suites))('%s gives expect.poll time for a busy machine, not vitest’s 1 s', (name) => {
    expect(suites[name]?.test?.expect?.poll?.timeout).toBeGreaterThanOrEqual(10_000)
  })
})
