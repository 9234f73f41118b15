// Build check: every module of a bundle has one instance on the page.
//
// The shell and the remotes share the kit's entries and some libraries (`sharedSingletons`). On a
// page, each shared module runs once, taken from whichever bundle registered it first. A module
// that a bundle reaches both through a shared module and from its own code (or through two
// different shared modules) is bundled into each of them: the page then runs two copies of it, and
// whatever it keeps (a React context, a store, a registry) exists twice. A remote's form provider
// and the kit's field that reads it, say, end up talking to two different copies of the form
// library. This plugin walks each build's module graph and fails the build on such a module.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/**
 * Who reaches each module of a compilation: 'own' (the bundle's entry or exposed modules) or
 * `shared <key>` (a shared module the bundle provides, or its fallback when nothing else provides
 * it). Shared modules are boundaries: what a bundle imports through one is not its own.
 * @param {import('webpack').Compilation} compilation
 * @returns {Map<import('webpack').Module, Set<string>>}
 */
export function rootsOfModules(compilation) {
  const { moduleGraph } = compilation
  const isSharedBoundary = (module) => module.type === 'provide-module' || module.type === 'consume-shared-module'
  /** @type {Map<import('webpack').Module, Set<string>>} */
  const roots = new Map()
  const visit = (start, root) => {
    const pending = [start]
    while (pending.length > 0) {
      const module = pending.pop()
      let reachedFrom = roots.get(module)
      if (!reachedFrom) roots.set(module, (reachedFrom = new Set()))
      if (reachedFrom.has(root)) continue
      reachedFrom.add(root)
      for (const connection of moduleGraph.getOutgoingConnections(module)) {
        const target = connection.module
        if (target && !isSharedBoundary(target)) pending.push(target)
      }
    }
  }
  for (const module of compilation.modules) {
    const key = sharedKeyOf(module)
    if (key) visit(module, `shared ${key}`)
  }
  const entries = [...compilation.entries.values(), compilation.globalEntry]
  for (const dependency of entries.flatMap((entry) => [...entry.dependencies, ...entry.includeDependencies])) {
    const module = moduleGraph.getModule(dependency)
    if (module && !isSharedBoundary(module)) visit(module, 'own')
  }
  return roots
}

/** The share key of a provided or consumed shared module (the federation plugin keeps it in its options). */
function sharedKeyOf(module) {
  if (module.type === 'provide-module') return module._name
  if (module.type === 'consume-shared-module') return module.options.shareKey
  return null
}

/** The name of the package a file belongs to: the nearest package.json that has one. */
function packageNameOf(file, cache) {
  const seen = []
  let name = null
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (cache.has(dir)) {
      name = cache.get(dir)
      break
    }
    seen.push(dir)
    const manifest = join(dir, 'package.json')
    const found = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).name : undefined
    if (typeof found === 'string') {
      name = found
      break
    }
  }
  for (const dir of seen) cache.set(dir, name)
  return name
}

/**
 * The JavaScript modules of a compilation bundled for more than one root, except those of the
 * packages named in `duplicable` (stateless libraries each bundle may keep a copy of).
 * @param {import('webpack').Compilation} compilation
 * @param {{ root: string, duplicable: string[] }} options  root: the repository, for readable paths
 * @returns {{ module: string, roots: string[] }[]}
 */
export function duplicatedModules(compilation, { root, duplicable }) {
  const names = new Map()
  const found = []
  for (const [module, roots] of rootsOfModules(compilation)) {
    const resource = module.resource
    if (roots.size < 2 || typeof resource !== 'string' || !/\.[cm]?[jt]sx?$/.test(resource)) continue
    if (duplicable.includes(packageNameOf(resource, names) ?? '')) continue
    found.push({ module: relative(root, resource).split('\\').join('/'), roots: [...roots].sort() })
  }
  return found.sort((a, b) => a.module.localeCompare(b.module))
}

/** Fails the build when a module would run twice on a page (see `duplicatedModules`). */
export class SingleInstancePlugin {
  /** @param {{ bundle: string, root: string, duplicable: string[] }} options */
  constructor(options) {
    this.options = options
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { WebpackError } = compiler.webpack
    // thisCompilation: the bundle's own compilation, not the CSS loaders' child compilations.
    compiler.hooks.thisCompilation.tap('SingleInstancePlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SingleInstancePlugin', () => {
        for (const { module, roots } of duplicatedModules(compilation, this.options)) {
          const where = roots.map((root) => (root === 'own' ? `the ${this.options.bundle} bundle's own code` : root)).join(', ')
          compilation.errors.push(
            new WebpackError(
              `${module} would run more than once on a page: ${this.options.bundle} bundles it for ${where}. ` +
                'Share its package as a singleton (sharedSingletons in frontends/kit/webpack/federated-config.mjs) ' +
                "or import it only through the kit's entries.",
            ),
          )
        }
      })
    })
  }
}
