import { createHash, type Hash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The four webpack builds (`frontends/<name>`): the shell writes the output root, each remote `remotes/<name>/`. */
export const bundleNames = ['shell', 'public', 'setup', 'dashboard'] as const
export type BundleName = (typeof bundleNames)[number]

/** What every bundle is built from besides its own folder. */
const sharedInputs = ['frontends/kit', 'contracts/src', 'package-lock.json']
/** The file each bundle must leave behind. */
const entryFile: Record<BundleName, string> = {
  shell: 'index.html',
  public: 'remotes/public/remoteEntry.js',
  setup: 'remotes/setup/remoteEntry.js',
  dashboard: 'remotes/dashboard/remoteEntry.js',
}
/** Where the fingerprints of the last builds are kept (the shell's `clean` keeps this folder). */
export const stampFolder = '.builds'

const skipped = new Set(['node_modules', 'dist'])
const isTest = (name: string): boolean => /\.test\.tsx?$/.test(name)

/** Adds a file, or every file under a folder in name order, to the hash (tests and build output left out). */
function hashInput(root: string, path: string, hash: Hash): void {
  const full = resolve(root, path)
  if (!existsSync(full)) return
  if (!statSync(full).isDirectory()) {
    hash.update(`${path}\0`).update(readFileSync(full)).update('\0')
    return
  }
  const names = readdirSync(full).sort()
  for (const name of names) {
    if (!skipped.has(name) && !isTest(name)) hashInput(root, join(path, name), hash)
  }
}

/**
 * A bundle's fingerprint: its own folder, the web kit, the contracts, the lockfile and the build
 * mode. Two builds with the same fingerprint produce the same files, so the second is skipped.
 */
export function fingerprint(root: string, bundle: BundleName, mode: string): string {
  const hash = createHash('sha256').update(`${mode}\0`)
  for (const input of [`frontends/${bundle}`, ...sharedInputs]) hashInput(root, input, hash)
  return hash.digest('hex')
}

const stampPath = (out: string, bundle: BundleName): string => resolve(out, stampFolder, `${bundle}.sha256`)

/** The bundles whose output is missing or was built from other sources. */
export function staleBundles(root: string, out: string, mode: string): { bundle: BundleName; fingerprint: string }[] {
  return bundleNames
    .map((bundle) => ({ bundle, fingerprint: fingerprint(root, bundle, mode) }))
    .filter(({ bundle, fingerprint: current }) => {
      if (!existsSync(resolve(out, entryFile[bundle]))) return true
      const stamp = stampPath(out, bundle)
      return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== current
    })
}

export function writeStamp(out: string, bundle: BundleName, value: string): void {
  mkdirSync(resolve(out, stampFolder), { recursive: true })
  writeFileSync(stampPath(out, bundle), `${value}\n`)
}

export function entryOf(out: string, bundle: BundleName): string {
  return resolve(out, entryFile[bundle])
}
