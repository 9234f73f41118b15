import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A projection's `setup` creates its tables as first released; every later change of their shape
 * is a `migrations` entry (services/kit/src/eventstore/projection.ts), the mechanism a service's
 * private tables use. So no `setup` alters a table.
 */
const repositoryRoot = resolve(import.meta.dirname, '../..')

function projectionFiles(): string[] {
  return readdirSync(join(repositoryRoot, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((service) => {
      const folder = join(repositoryRoot, 'services', service.name, 'src', 'projections')
      try {
        return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name))
      } catch {
        return []
      }
    })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
}

/** The bodies of the `setup(…) { … }` methods of a source, found by counting braces. */
export function setupBodies(source: string): string[] {
  const bodies: string[] = []
  for (const match of source.matchAll(/\bsetup\s*\([^)]*\)\s*(?::[^{]*)?\{/g)) {
    const start = match.index + match[0].length
    let depth = 1
    let end = start
    while (end < source.length && depth > 0) {
      if (source[end] === '{') depth += 1
      else if (source[end] === '}') depth -= 1
      end += 1
    }
    bodies.push(source.slice(start, end - 1))
  }
  return bodies
}

export function schemaChangesInSetup(files: ReadonlyArray<{ path: string; source: string }>): string[] {
  return files.filter(({ source }) => setupBodies(source).some((body) => /\balter\s+table\b/i.test(body))).map(({ path }) => path)
}

describe('projection schema changes', () => {
  it('are migrations, never an alter table inside a setup', () => {
    const files = projectionFiles().map((path) => ({ path: relative(repositoryRoot, path), source: readFileSync(path, 'utf8') }))
    expect(files.length).toBeGreaterThan(10)
    expect(setupBodies(files.map((file) => file.source).join('\n')).length).toBeGreaterThan(10)
    expect(schemaChangesInSetup(files)).toEqual([])
  })

  it('finds one planted in a setup, and not one in a migration', () => {
    const planted = `export const p = typedProjection({
      name: 'x',
      async setup(db, schema) {
        await db.exec(\`create table if not exists \${s}.x (id text); alter table \${s}.x add column if not exists y text\`)
      },
      migrations: [{ id: 'y', sql: (s) => \`alter table \${s}.x add column y text\` }],
    })`
    expect(schemaChangesInSetup([{ path: 'planted.ts', source: planted }])).toEqual(['planted.ts'])
    expect(schemaChangesInSetup([{ path: 'clean.ts', source: planted.replace('; alter table ${s}.x add column if not exists y text', '') }])).toEqual([])
  })
})
