import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/** tools/lint/one-way-to-start.js, proven on snippets linted as if they were test files of the repository. */
const repositoryRoot = resolve(import.meta.dirname, '../..')
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repositoryRoot })
})

async function startErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repositoryRoot, filePath) })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message)
}

const ownWays = [
  ['the embedded platform called directly', "import { startEmbeddedPlatform } from '@donaciones/platform'\nconst options = { port: 0 }\nexport const started = startEmbeddedPlatform(options)\n"],
  ['npm start run by hand', "export const entry = 'platform/src/embedded.ts'\n"],
  ['the gateway process run by hand', "export const entry = 'gateway/src/main.ts'\n"],
  ['a service process run by hand', "const service = 'audit'\nexport const entry = `services/${service}/src/main.ts`\n"],
] as const

describe('a test', () => {
  it.each(ownWays)('does not start the platform with %s', async (_what, code) => {
    for (const file of ['tests/probe.test.ts', 'services/donation/test/probe.test.ts', 'platform/test/probe.test.ts']) {
      expect(await startErrors(file, code)).toEqual([expect.stringContaining('startTestSite, startPlatformProcess o startDistributedPlatform')])
    }
  })

  it('starts it through tests/support, which holds the three ways', async () => {
    expect(await startErrors('tests/probe.test.ts', "import { startTestSite } from './support/site.ts'\nexport const site = startTestSite()\n")).toEqual([])
    for (const [, code] of ownWays) expect(await startErrors('tests/support/probe.ts', code)).toEqual([])
  })

  it('runs the other scripts of the repository (replay, reconcile, the demo)', async () => {
    expect(await startErrors('tests/probe.test.ts', "export const entries = ['platform/src/cli/replay.ts', 'tools/demo/main.ts']\n")).toEqual([])
  })
})
