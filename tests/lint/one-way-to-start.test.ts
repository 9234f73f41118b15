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
  ['the embedded platform under another name', "import { startEmbeddedPlatform as start } from '@donaciones/platform'\nexport const started = start({ port: 0 })\n"],
  ['npm start run by hand', "export const entry = 'platform/src/embedded.ts'\n"],
  ['the gateway process run by hand', "export const entry = 'gateway/src/main.ts'\n"],
  ['a service process run by hand', "const service = 'audit'\nexport const entry = `services/${service}/src/main.ts`\n"],
] as const

/** A service runtime or the gateway app started by hand: the part of the platform startServiceSlice starts. */
const sliceWays = [
  [
    'a service runtime started by hand',
    "import { startServiceRuntime } from '@donaciones/kit'\ndeclare const options: Parameters<typeof startServiceRuntime>[0]\nexport const runtime = startServiceRuntime(options)\n",
  ],
  ['a service runtime under another name', "import { startServiceRuntime as start } from '@donaciones/kit'\ndeclare const options: Parameters<typeof start>[0]\nexport const runtime = start(options)\n"],
  ['the gateway app under another name', "import { createGatewayApp as gatewayOf } from '@donaciones/gateway'\ndeclare const options: Parameters<typeof gatewayOf>[0]\nexport const gateway = gatewayOf(options)\n"],
  ['a service runtime started through the kit namespace', "import * as kit from '@donaciones/kit'\ndeclare const options: kit.ServiceRuntimeOptions\nexport const runtime = kit.startServiceRuntime(options)\n"],
  [
    'the gateway app made by hand',
    "import { createGatewayApp } from '@donaciones/gateway'\ndeclare const options: Parameters<typeof createGatewayApp>[0]\nexport const gateway = createGatewayApp(options)\n",
  ],
] as const

const testFiles = ['tests/probe.test.ts', 'services/donation/test/probe.test.ts', 'services/identity/test/platform.ts', 'platform/test/probe.test.ts', 'frontends/shell/src/probe.test.tsx']
const fourWays = 'startTestSite, startPlatformProcess, startDistributedPlatform o, con unos servicios reales y otros simulados, startServiceSlice'

describe('a test', () => {
  it.each(ownWays)('does not start the platform with %s', async (_what, code) => {
    for (const file of testFiles) expect(await startErrors(file, code), file).toEqual([expect.stringContaining(fourWays)])
  })

  it.each(sliceWays)('does not start part of the platform with %s', async (_what, code) => {
    for (const file of testFiles) expect(await startErrors(file, code), file).toEqual([expect.stringContaining(fourWays)])
  })

  it.each(sliceWays)('may start %s where that is the unit under test (the kit, the gateway)', async (_what, code) => {
    for (const file of ['services/kit/src/runtime/probe.test.ts', 'gateway/src/probe.test.ts']) expect(await startErrors(file, code), file).toEqual([])
  })

  it('still may not start the whole platform by hand in the kit’s or the gateway’s tests', async () => {
    for (const file of ['services/kit/src/runtime/probe.test.ts', 'gateway/src/probe.test.ts']) {
      for (const [, code] of ownWays) expect(await startErrors(file, code), file).toEqual([expect.stringContaining(fourWays)])
    }
  })

  it('leaves the kit and the gateway themselves alone: they are where the runtime and the gateway app are started', async () => {
    for (const file of ['services/kit/src/runtime/probe.ts', 'gateway/src/probe.ts', 'platform/src/probe.ts']) {
      for (const [, code] of sliceWays) expect(await startErrors(file, code), file).toEqual([])
    }
  })

  it('starts it through tests/support, which holds the four ways', async () => {
    expect(await startErrors('tests/probe.test.ts', "import { startTestSite } from './support/site.ts'\nexport const site = startTestSite()\n")).toEqual([])
    expect(
      await startErrors(
        'services/identity/test/probe.test.ts',
        "import { startServiceSlice } from '../../../tests/support/service-slice.ts'\nimport { auditService } from '@donaciones/audit'\nexport const slice = startServiceSlice({ services: [auditService], gateway: true })\n",
      ),
    ).toEqual([])
    for (const [, code] of [...ownWays, ...sliceWays]) expect(await startErrors('tests/support/probe.ts', code)).toEqual([])
  })

  it('runs the other scripts of the repository (replay, reconcile, the demo)', async () => {
    expect(await startErrors('tests/probe.test.ts', "export const entries = ['platform/src/cli/replay.ts', 'tools/demo/main.ts']\n")).toEqual([])
  })
})
