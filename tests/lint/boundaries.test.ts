import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The dependency rules of eslint.config.js, proven on one-line files linted as if they were at a
 * given path of the repository (the imported files are real, so the imports resolve).
 */
const repositoryRoot = resolve(import.meta.dirname, '../..')
const boundaryRule = 'import-x/no-restricted-paths'
let eslint: ESLint
/** The same configuration without no-cycle, which would follow each probe's import through its package (seconds apiece). */
let eslintWithoutCycles: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repositoryRoot })
  eslintWithoutCycles = new ESLint({ cwd: repositoryRoot, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } })
})

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslintWithoutCycles.lintText(`import * as imported from '${specifier}'\nexport const used = imported\n`, { filePath: resolve(repositoryRoot, filePath) })
  return (result?.messages ?? []).filter((message) => message.ruleId === boundaryRule).map((message) => message.message)
}

describe('a service', () => {
  const file = 'services/donation/src/commands/boundary-probe.ts'

  it.each([
    ['the gateway by package', '@donaciones/gateway'],
    ['the gateway by path', '../../../../gateway/src/route-table.ts'],
    ['the platform', '@donaciones/platform'],
    ['a tool', '../../../../tools/provider-sim/index.ts'],
    ['a test helper', '../../../../tests/support/site.ts'],
  ])('does not import %s', async (_what, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([expect.stringContaining('Un servicio no importa')])
  })

  it('imports the kit, the contracts and its own modules', async () => {
    expect(await boundaryErrors(file, '@donaciones/kit')).toEqual([])
    expect(await boundaryErrors(file, '@donaciones/contracts')).toEqual([])
    expect(await boundaryErrors(file, '../deps.ts')).toEqual([])
  })

  it.each([
    ['by package', '@donaciones/campaign'],
    ['by path', '../../../identity/src/tokens.ts'],
  ])('does not import another service %s', async (_how, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([expect.stringContaining('Un servicio no importa otro servicio')])
  })

  it('imports the libraries of services/ (the kit, xlsx)', async () => {
    expect(await boundaryErrors(file, '@donaciones/xlsx')).toEqual([])
    expect(await boundaryErrors(file, '../../../kit/src/db/index.ts')).toEqual([])
  })

  it("may be tested with tools from its test folder, and composed by the platform", async () => {
    expect(await boundaryErrors('services/donation/test/boundary-probe.test.ts', '../../../tools/provider-sim/index.ts')).toEqual([])
    expect(await boundaryErrors('platform/src/boundary-probe.ts', '@donaciones/donation')).toEqual([])
  })
})

describe('the kit', () => {
  it('does not import a service', async () => {
    expect(await boundaryErrors('services/kit/src/runtime/boundary-probe.ts', '@donaciones/donation')).toEqual([expect.stringContaining('El kit')])
    expect(await boundaryErrors('services/kit/testing/boundary-probe.ts', '../../identity/src/index.ts')).toEqual([expect.stringContaining('El kit')])
  })

  it('imports the contracts and itself', async () => {
    expect(await boundaryErrors('services/kit/src/runtime/boundary-probe.ts', '@donaciones/contracts')).toEqual([])
    expect(await boundaryErrors('services/kit/src/runtime/boundary-probe.ts', '../db/index.ts')).toEqual([])
  })
})

describe('a front-end feature', () => {
  const file = 'frontends/dashboard/src/features/users/components/BoundaryProbe.tsx'

  it('does not import another feature', async () => {
    expect(await boundaryErrors(file, '../../categories/api/categories-api.ts')).toEqual([expect.stringContaining('Una funcionalidad no importa otra')])
  })

  it('imports its own modules and the shared web kit', async () => {
    expect(await boundaryErrors(file, '../api/users-api.ts')).toEqual([])
    expect(await boundaryErrors(file, '@donaciones/web-kit')).toEqual([])
  })
})

describe("a remote's shared code", () => {
  it.each(['components', 'hooks', 'lib', 'api'])('in src/%s does not import a feature', async (folder) => {
    expect(await boundaryErrors(`frontends/dashboard/src/${folder}/BoundaryProbe.tsx`, '../features/users/api/users-api.ts')).toEqual([
      expect.stringContaining('Lo común de un remoto'),
    ])
  })

  it('is imported by the features, and imports the shared web kit', async () => {
    expect(await boundaryErrors('frontends/dashboard/src/features/users/components/BoundaryProbe.tsx', '../../../components/DataTable.tsx')).toEqual([])
    expect(await boundaryErrors('frontends/dashboard/src/components/BoundaryProbe.tsx', '@donaciones/web-kit')).toEqual([])
  })
})

describe('a remote', () => {
  it('does not import another remote', async () => {
    expect(await boundaryErrors('frontends/dashboard/src/BoundaryProbe.tsx', '../../public/src/App.tsx')).toEqual([expect.stringContaining('Un remoto no importa otro remoto')])
    expect(await boundaryErrors('frontends/shell/src/app/BoundaryProbe.tsx', '../../../setup/src/App.tsx')).toEqual([expect.stringContaining('Un remoto no importa otro remoto')])
  })

  it('imports the shared web kit', async () => {
    expect(await boundaryErrors('frontends/public/src/BoundaryProbe.tsx', '@donaciones/web-kit')).toEqual([])
  })
})

describe('an import circle', () => {
  // no-cycle reads the imported files from disk, so the probes are real files, in a folder removed afterwards.
  const cycleRule = 'import-x/no-cycle'
  let folder: string

  beforeAll(() => {
    folder = mkdtempSync(join(repositoryRoot, 'tests/lint/cycle-probe-'))
  })

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true })
  })

  /** Writes the files (name to content) into a fresh subfolder and returns each file's no-cycle messages. */
  async function cycleErrors(files: Record<string, string>): Promise<Record<string, string[]>> {
    const probe = mkdtempSync(join(folder, 'probe-'))
    for (const [name, content] of Object.entries(files)) writeFileSync(join(probe, name), content)
    const results = await eslint.lintFiles(Object.keys(files).map((name) => join(probe, name)))
    return Object.fromEntries(results.map((result) => [
      result.filePath.slice(probe.length + 1),
      result.messages.filter((message) => message.ruleId === cycleRule).map((message) => message.message),
    ]))
  }

  it('is refused between two modules', async () => {
    expect(await cycleErrors({
      'a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
    })).toEqual({ 'a.ts': [expect.stringContaining('Dependency cycle')], 'b.ts': [expect.stringContaining('Dependency cycle')] })
  })

  it('is refused when it goes through a re-exporting index', async () => {
    const errors = await cycleErrors({
      'index.ts': "export * from './b.ts'\n",
      'a.ts': "import { b } from './index.ts'\nexport const a = () => b\n",
      'b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
    })
    expect(errors['a.ts']).toEqual([expect.stringContaining('Dependency cycle')])
  })

  it('is not seen in imports that go one way', async () => {
    expect(await cycleErrors({
      'a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'b.ts': 'export const b = 1\n',
    })).toEqual({ 'a.ts': [], 'b.ts': [] })
  })
})
