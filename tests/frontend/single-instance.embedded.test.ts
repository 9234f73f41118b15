import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpack, { type Compilation, type Configuration } from 'webpack'
import { bundleNames, type BundleName } from '../../tools/frontends/bundles.ts'
import { duplicatedModules, SingleInstancePlugin, type DuplicatedModule } from '../../frontends/kit/webpack/single-instance-plugin.mjs'

/**
 * On a page each shared module runs once, from whichever bundle registered it first; a module a
 * bundle also reaches from its own code, or through two shared modules, runs twice. The setup
 * remote's copy of the kit's rich-text field then read the form context of its own copy of
 * react-hook-form inside the dashboard's form, and the dashboard's campaign wizard crashed after
 * the setup wizard. These builds check every bundle's module graph for such a module.
 */
const root = resolve(import.meta.dirname, '../..')

interface Built {
  duplicated: DuplicatedModule[]
  errors: string[]
}

/** Builds one bundle with its real configuration (not minified, into `out`) and reads its module graph. */
async function build(bundle: BundleName, out: string, change: (config: Configuration) => Configuration = (config) => config): Promise<Built> {
  const { default: config } = (await import(resolve(root, `frontends/${bundle}/webpack.config.mjs`))) as { default: Configuration }
  // The check runs in every build; its options (the packages allowed twice) are the configuration's.
  const check = config.plugins?.find((plugin): plugin is SingleInstancePlugin => plugin instanceof SingleInstancePlugin)
  if (!check) throw new Error(`frontends/${bundle}: la configuración no comprueba los módulos duplicados`)
  const compiler = webpack(
    change({
      ...config,
      output: { ...config.output, path: join(out, bundle) },
      optimization: { ...config.optimization, minimize: false },
    }),
  )
  let duplicated: Built['duplicated'] = []
  compiler.hooks.thisCompilation.tap('single-instance-test', (compilation: Compilation) => {
    compilation.hooks.finishModules.tap('single-instance-test', () => {
      duplicated = duplicatedModules(compilation, check.options)
    })
  })
  const stats = await new Promise<webpack.Stats>((done, fail) => compiler.run((error, result) => (error || !result ? fail(error ?? new Error('sin resultado')) : done(result))))
  await new Promise<void>((done) => compiler.close(() => done()))
  return { duplicated, errors: stats.compilation.errors.map((error) => error.message) }
}

describe('one instance of every module on a page (module federation)', () => {
  let out: string

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'donaciones-instancias-'))
  })
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it.each(bundleNames)('the %s bundle reaches each kit and library module through one shared module or its own code', async (bundle) => {
    const built = await build(bundle, out)
    expect(built.duplicated).toEqual([])
    expect(built.errors).toEqual([])
  }, 300_000)

  it('fails the build of a remote that imports a kit module by its path instead of the shared entry', async () => {
    const probe = join(out, 'probe.js')
    writeFileSync(probe, `export { Field } from ${JSON.stringify(resolve(root, 'frontends/kit/src/forms/Field.tsx'))}\n`)
    const built = await build('setup', out, (config) => ({ ...config, entry: { probe } }))
    expect(built.duplicated).toContainEqual({
      module: 'frontends/kit/src/forms/Field.tsx',
      roots: expect.arrayContaining(['own', 'shared @donaciones/web-kit']) as string[],
    })
    expect(built.errors.join('\n')).toContain('frontends/kit/src/forms/Field.tsx would run more than once on a page')
  }, 300_000)
})
