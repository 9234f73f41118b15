/** The repository's npm workspaces as their package.json files declare them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type DependencyField = 'dependencies' | 'optionalDependencies' | 'peerDependencies' | 'devDependencies'

export interface Manifest {
  name?: string
  workspaces?: string[]
  exports?: string | Record<string, string>
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

export interface Workspace {
  name: string
  /** Repository-relative, e.g. `services/kit`. */
  dir: string
  /** Subpath (`.`, `./testing`) → file relative to `dir`. */
  exports: Record<string, string>
  manifest: Manifest
}

export function readManifest(root: string, dir: string): Manifest {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest
}

/** The workspace directories the root's `workspaces` patterns (`dir` or `dir/*`) name. */
export function workspaceDirs(root: string): string[] {
  return (readManifest(root, '.').workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`)
      .sort()
  })
}

export function readWorkspaces(root: string): Workspace[] {
  return workspaceDirs(root).map((dir) => {
    const manifest = readManifest(root, dir)
    const exports = typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {})
    return { name: manifest.name ?? dir, dir, exports, manifest }
  })
}

/** The workspace a repository-relative file belongs to (the deepest one containing it). */
export function workspaceOfFile(workspaces: readonly Workspace[], file: string): Workspace | undefined {
  return workspaces.filter((workspace) => file.startsWith(`${workspace.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0]
}
