/**
 * The front end's own packages, read from frontends/: its workspaces, their dependencies, the
 * packages their webpack configurations import and the tool their `build` script runs. A scoped
 * one brings its whole scope (`@module-federation/enhanced` → `@module-federation/*`). A library a
 * server workspace also depends on (jspdf, which draws the OXXO voucher in the browser and the
 * donation acknowledgement on the server) is shared, not the front end's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import type { Lockfile } from './lock-closure.ts'
import { moduleImports, packageNameOf } from './source-imports.ts'
import { readWorkspaces } from './workspaces.ts'

export interface FrontEndPackages {
  names: Set<string>
  scopes: Set<string>
}

function webpackConfigs(root: string, dir: string): string[] {
  const walk = (path: string): string[] =>
    readdirSync(join(root, path)).flatMap((entry) => {
      const child = `${path}/${entry}`
      if (entry === 'node_modules' || entry === 'src') return []
      if (statSync(join(root, child)).isDirectory()) return walk(child)
      return /webpack.*\.m?js$/.test(child) ? [child] : []
    })
  return walk(dir)
}

/** The package whose `bin` is `command` in the lock file (`webpack` → webpack). */
function packageOfBin(lock: Lockfile, command: string): string | undefined {
  const location = Object.keys(lock.packages).find((key) => key.startsWith('node_modules/') && !key.slice(13).includes('node_modules/') && lock.packages[key]!.bin?.[command])
  return location?.slice('node_modules/'.length)
}

export function frontEndPackages(root: string, lock: Lockfile): FrontEndPackages {
  const workspaces = readWorkspaces(root)
  const local = new Set(workspaces.map((workspace) => workspace.name))
  const frontEnds = workspaces.filter((workspace) => workspace.dir.startsWith('frontends/'))
  const libraries = new Set<string>()
  for (const workspace of frontEnds) {
    for (const name of Object.keys(workspace.manifest.dependencies ?? {})) libraries.add(name)
    for (const file of webpackConfigs(root, workspace.dir)) {
      for (const { specifier } of moduleImports(file, readFileSync(join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.') && !isBuiltin(specifier)) libraries.add(packageNameOf(specifier))
      }
    }
    const command = workspace.manifest.scripts?.build?.split(/\s+/)[0]
    const tool = command ? packageOfBin(lock, command) : undefined
    if (tool) libraries.add(tool)
  }
  for (const name of local) libraries.delete(name)
  for (const workspace of workspaces.filter((candidate) => !candidate.dir.startsWith('frontends/'))) {
    for (const name of Object.keys(workspace.manifest.dependencies ?? {})) libraries.delete(name)
  }
  const scopes = new Set([...libraries].filter((name) => name.startsWith('@')).map((name) => name.split('/')[0]!))
  return { names: new Set([...libraries, ...frontEnds.map((workspace) => workspace.name)]), scopes }
}

export function isFrontEndPackage(packages: FrontEndPackages, name: string): boolean {
  return packages.names.has(name) || (name.startsWith('@') && packages.scopes.has(name.split('/')[0]!))
}
