import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bundleNames, entryOf, staleBundles, writeStamp, type BundleName } from '../../tools/frontends/bundles.ts'
import { runBuilds } from '../../tools/frontends/run-builds.ts'

/** `npm start` builds only the bundles whose sources changed (tools/frontends/build.ts --changed). */
describe('which front-end bundles a start rebuilds', () => {
  let root: string
  let out: string
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const stale = (mode = 'production'): BundleName[] => staleBundles(root, out, mode).map(({ bundle }) => bundle)
  /** What a successful build of every stale bundle leaves: its entry file and its stamp. */
  const buildAll = (mode = 'production'): void => {
    for (const { bundle, fingerprint } of staleBundles(root, out, mode)) {
      mkdirSync(dirname(entryOf(out, bundle)), { recursive: true })
      writeFileSync(entryOf(out, bundle), '')
      writeStamp(out, bundle, fingerprint)
    }
  }

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'donaciones-bundles-'))
    out = join(root, 'frontends/dist')
    for (const bundle of bundleNames) write(`frontends/${bundle}/src/index.ts`, `export const name = '${bundle}'`)
    write('frontends/kit/src/index.ts', 'export {}')
    write('contracts/src/index.ts', 'export {}')
    write('package-lock.json', '{}')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('builds everything on a fresh clone and nothing on the next start', () => {
    expect(stale()).toEqual([...bundleNames])
    buildAll()
    expect(stale()).toEqual([])
  })

  it('rebuilds only the bundle whose own sources changed', () => {
    buildAll()
    write('frontends/public/src/index.ts', "export const name = 'otro'")
    write('frontends/dashboard/src/new-screen.tsx', 'export {}')
    expect(stale()).toEqual(['public', 'dashboard'])
  })

  it('rebuilds every bundle when the web kit, the contracts, the lockfile or the mode change', () => {
    for (const shared of ['frontends/kit/src/index.ts', 'contracts/src/index.ts', 'package-lock.json']) {
      buildAll()
      write(shared, `// ${shared} changed`)
      expect(stale(), shared).toEqual([...bundleNames])
    }
    buildAll()
    expect(stale('development')).toEqual([...bundleNames])
  })

  it('rebuilds a bundle whose output is gone, and ignores tests and build output', () => {
    buildAll()
    rmSync(entryOf(out, 'setup'))
    write('frontends/shell/src/start.test.ts', 'test')
    write('frontends/shell/node_modules/x/index.js', '')
    expect(stale()).toEqual(['setup'])
  })
})

describe('running the bundle builds', () => {
  it('runs at most `parallel` builds at once, reports each as it ends and goes on after a failure', async () => {
    // Each build ends when the test says so, in the order below, whatever the machine's speed.
    const finish = new Map<string, () => void>()
    const started: string[] = []
    let running = 0
    let most = 0
    const lines: string[] = []
    const builds = runBuilds(
      bundleNames,
      2,
      async (bundle) => {
        started.push(bundle)
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => finish.set(bundle, resolve))
        running -= 1
        return { bundle, ok: bundle !== 'public', output: bundle === 'public' ? 'ERROR in ./src/index.ts' : '' }
      },
      (outcome, finished) => lines.push(`${finished} ${outcome.bundle} ${outcome.ok ? 'listo' : 'falló'}`),
    )
    const end = async (bundle: string) => {
      while (!finish.has(bundle)) await new Promise((resolve) => setImmediate(resolve))
      finish.get(bundle)?.()
    }
    await end('public')
    await end('setup')
    await end('dashboard')
    expect(started).toEqual(['shell', 'public', 'setup', 'dashboard'])
    await end('shell')
    const outcomes = await builds
    expect(most).toBe(2)
    expect(outcomes.map((outcome) => outcome.bundle).sort()).toEqual([...bundleNames].sort())
    expect(lines).toEqual(['1 public falló', '2 setup listo', '3 dashboard listo', '4 shell listo'])
  })
})
