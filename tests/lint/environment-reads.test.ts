import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The one configuration reader (services/kit/src/runtime/settings.ts) is the only product source
 * that reads the environment; everything else receives its parsed settings. Tests may set
 * process.env before a service or platform starts; tools and build scripts are not the product.
 */
const repositoryRoot = resolve(import.meta.dirname, '../..')
const reader = 'services/kit/src/runtime/settings.ts'
const productRoots = ['contracts/src', 'gateway/src', 'platform/src', ...readdirSync(join(repositoryRoot, 'services')).map((service) => `services/${service}/src`)]

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.split('/').some((part) => part === 'test' || part === 'testing')
}

function sourceFiles(folder: string): string[] {
  const absolute = join(repositoryRoot, folder)
  let entries
  try {
    entries = readdirSync(absolute, { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => relative(repositoryRoot, join(entry.parentPath, entry.name)))
    .filter((path) => !isTestFile(path) && !path.includes('node_modules'))
}

/** The code of a file without its comments (a comment may speak of process.env). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const environmentRead = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\{[^}]*\benv\b[^}]*\}\s*=\s*process\b|\bimport\b[^;]*\benv\b[^;]*from\s*['"](node:)?process['"]/

/** The product files other than the reader that read the environment. */
export function environmentReaders(files: ReadonlyArray<{ path: string; source: string }>): string[] {
  return files.filter(({ path, source }) => path !== reader && environmentRead.test(withoutComments(source))).map(({ path }) => path)
}

describe('reading the environment', () => {
  it('happens only in the configuration reader of the kit', () => {
    const files = productRoots.flatMap(sourceFiles).map((path) => ({ path, source: readFileSync(join(repositoryRoot, path), 'utf8') }))
    expect(files.map(({ path }) => path)).toContain(reader)
    expect(files.length).toBeGreaterThan(100)
    expect(environmentReaders(files)).toEqual([])
  })

  it('is seen however a file writes it, and not in comments', () => {
    const file = (source: string) => ({ path: 'services/donation/src/options.ts', source })
    expect(environmentReaders([file('const rate = Number(process.env.DONATION_RATE_PER_EMAIL)')])).toHaveLength(1)
    expect(environmentReaders([file("const rate = process['env'].DONATION_RATE_PER_EMAIL")])).toHaveLength(1)
    expect(environmentReaders([file('const { env } = process')])).toHaveLength(1)
    expect(environmentReaders([file("import { env } from 'node:process'")])).toHaveLength(1)
    expect(environmentReaders([file('// the settings replace process.env here\n/* and process.env here */\nconst url = "http://x"')])).toEqual([])
    expect(environmentReaders([{ path: reader, source: 'readSettings(process.env)' }])).toEqual([])
  })
})
