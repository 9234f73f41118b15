/**
 * What `npm ci --workspace <dir> --omit=…` installs, computed from package-lock.json the way npm
 * does it: every package reachable from the workspace through any dependency edge (npm follows a
 * workspace's devDependencies and optional peers too), less the packages the lock file marks as
 * only development (`dev`), only optional (`optional`) or either (`devOptional`) when those are omitted.
 */
import { dirname } from 'node:path/posix'

export interface LockPackage {
  name?: string
  version?: string
  link?: boolean
  resolved?: string
  dev?: boolean
  optional?: boolean
  devOptional?: boolean
  peer?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  bin?: Record<string, string>
}

export interface Lockfile {
  packages: Record<string, LockPackage>
}

export type Omitted = 'dev' | 'optional' | 'peer'

/** Lock file location (`node_modules/a/node_modules/b`, or a workspace's directory) → entry. */
export type Installed = Map<string, LockPackage>

function isWorkspaceLocation(location: string): boolean {
  return location !== '' && !location.includes('node_modules/')
}

/** The package name at a lock file location. */
export function nameAt(lock: Lockfile, location: string): string {
  const index = location.lastIndexOf('node_modules/')
  return index < 0 ? (lock.packages[location]?.name ?? location) : location.slice(index + 'node_modules/'.length)
}

/** Where Node finds `name` from `location`: its own node_modules, then each parent's. */
export function lookup(lock: Lockfile, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const base = dir === '.' || dir === '' ? '' : `${dir}/`
    if (lock.packages[`${base}node_modules/${name}`]) return `${base}node_modules/${name}`
    if (base === '') return undefined
  }
}

function edgesOf(lock: Lockfile, location: string): string[] {
  const entry = lock.packages[location] ?? {}
  const fields = [entry.dependencies, entry.optionalDependencies, entry.peerDependencies, isWorkspaceLocation(location) ? entry.devDependencies : undefined]
  return [...new Set(fields.flatMap((field) => Object.keys(field ?? {})))]
}

function omittedBy(entry: LockPackage, omit: ReadonlySet<Omitted>): boolean {
  return Boolean(
    (entry.peer && omit.has('peer')) ||
      (entry.dev && omit.has('dev')) ||
      (entry.optional && omit.has('optional')) ||
      (entry.devOptional && omit.has('dev') && omit.has('optional')),
  )
}

/** The lock file entries `npm ci --workspace <workspace> --omit=<omit…>` installs, links and their targets included. */
export function installedBy(lock: Lockfile, workspace: string, omit: ReadonlySet<Omitted>): Installed {
  if (!lock.packages[workspace]) throw new Error(`package-lock.json has no workspace ${workspace}`)
  // npm links the workspace itself into node_modules too
  const self = Object.keys(lock.packages).filter((location) => lock.packages[location]!.link && lock.packages[location]!.resolved === workspace)
  const reached = new Set([workspace, ...self])
  for (const location of reached) {
    for (const name of edgesOf(lock, location)) {
      const found = lookup(lock, location, name)
      if (!found) continue
      reached.add(found)
      const entry = lock.packages[found]!
      if (entry.link && entry.resolved) reached.add(entry.resolved)
    }
  }
  return new Map([...reached].filter((location) => !omittedBy(lock.packages[location]!, omit)).map((location) => [location, lock.packages[location]!]))
}

/** The installed packages by name (several locations may hold versions of one name). */
export function installedNames(lock: Lockfile, installed: Installed): Set<string> {
  return new Set([...installed.keys()].filter((location) => location.includes('node_modules/')).map((location) => nameAt(lock, location)))
}

/** Installed package name → the installed packages that depend on it (by name; workspaces by their directory). */
export function dependents(lock: Lockfile, installed: Installed): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>()
  for (const location of installed.keys()) {
    const entry = lock.packages[location]!
    if (entry.link) continue
    const from = isWorkspaceLocation(location) ? location : nameAt(lock, location)
    const runtime = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies }
    for (const name of Object.keys(runtime)) {
      const found = lookup(lock, location, name)
      if (!found || !installed.has(found)) continue
      const dependency = nameAt(lock, found)
      if (!result.has(dependency)) result.set(dependency, new Set())
      result.get(dependency)!.add(from)
    }
  }
  return result
}
