import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsedConfiguration, typecheckedConfigurations } from '../support/typescript-configurations.ts'

/**
 * No import circles, type-only ones included. The lint rule import-x/no-cycle skips type-only
 * imports, so a circle closed by `import type` (or `export type … from`) passes it; this reads every
 * import TypeScript sees in the files of every TypeScript configuration (type-only ones, re-exports, dynamic imports,
 * a workspace package's name) and reports each circle as the files of its strongly connected
 * component of the import graph. What resolves under node_modules is left out.
 */
const repositoryRoot = resolve(import.meta.dirname, '../..')

function importGraph(files: readonly string[], options: ts.CompilerOptions): Map<string, Set<string>> {
  const host = ts.createCompilerHost(options)
  const graph = new Map<string, Set<string>>()
  for (const file of files) {
    const imports = new Set<string>()
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host).resolvedModule
      if (!resolved) continue
      const target = realpathSync(resolved.resolvedFileName)
      if (!target.split('/').includes('node_modules')) imports.add(target)
    }
    graph.set(realpathSync(file), imports)
  }
  return graph
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const order = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string): void => {
    order.set(file, order.size)
    lowest.set(file, order.get(file) ?? 0)
    stack.push(file)
    for (const imported of graph.get(file) ?? []) {
      if (!graph.has(imported)) continue
      if (!order.has(imported)) {
        visit(imported)
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(imported) ?? 0))
      } else if (stack.includes(imported)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, order.get(imported) ?? 0))
      }
    }
    if (lowest.get(file) !== order.get(file)) return
    const component = stack.splice(stack.indexOf(file))
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!order.has(file)) visit(file)
  return found
}

function circlesOf(root: string, files: readonly string[], options: ts.CompilerOptions): string[][] {
  return circles(importGraph(files, options)).map((component) => component.map((file) => relative(root, file)))
}

describe('import circles', () => {
  it.each(typecheckedConfigurations())('there are none in the files of %s', (path) => {
    const config = parsedConfiguration(path)
    expect(circlesOf(repositoryRoot, config.fileNames, config.options)).toEqual([])
  })

  describe('planted', () => {
    const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowImportingTsExtensions: true }
    let folder: string

    beforeAll(() => {
      folder = realpathSync(mkdtempSync(join(tmpdir(), 'import-circles-')))
    })

    afterAll(() => {
      rmSync(folder, { recursive: true, force: true })
    })

    function circlesIn(files: Record<string, string>): string[][] {
      const probe = mkdtempSync(join(folder, 'probe-'))
      for (const [name, content] of Object.entries(files)) writeFileSync(join(probe, name), content)
      return circlesOf(probe, Object.keys(files).map((name) => join(probe, name)), options)
    }

    it('are found when a type-only import closes them', () => {
      expect(circlesIn({
        'state.ts': "import { decider } from './decider.ts'\nexport interface State { n: number }\nexport const fold = () => decider\n",
        'decider.ts': "import type { State } from './state.ts'\nexport const decider = (state: State) => state\n",
      })).toEqual([['decider.ts', 'state.ts']])
    })

    it('are found through a re-exporting index', () => {
      expect(circlesIn({
        'index.ts': "export type { B } from './b.ts'\n",
        'a.ts': "import type { B } from './index.ts'\nexport type A = { b: B }\n",
        'b.ts': "import type { A } from './a.ts'\nexport type B = { a?: A }\n",
      })).toEqual([['a.ts', 'b.ts', 'index.ts']])
    })

    it('are not seen in imports that go one way', () => {
      expect(circlesIn({
        'a.ts': "import type { B } from './b.ts'\nexport type A = { b: B }\n",
        'b.ts': 'export type B = number\n',
      })).toEqual([])
    })
  })
})
