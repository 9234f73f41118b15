import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * The README's `npm install` must print no warning on any Node.js it names: no package in the
 * lock file may need a newer Node.js than the lowest of each line `engines` admits (npm's
 * EBADENGINE), and every package with an install script must be answered in `allowScripts`
 * (npm 11 warns about each one that is not).
 */
const repositoryRoot = resolve(import.meta.dirname, '../..')
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repositoryRoot, path), 'utf8')) as T

interface LockEntry {
  version?: string
  engines?: { node?: string } | string[]
  os?: string[]
  cpu?: string[]
  hasInstallScript?: boolean
  link?: boolean
}
interface RootPackage {
  engines: { node: string }
  allowScripts?: Record<string, boolean>
}

const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json')
const root = readJson<RootPackage>('package.json')
const imageNode = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(readFileSync(join(repositoryRoot, 'deploy/Dockerfile'), 'utf8'))?.[1]

/** The lowest version of each line the engines admit (`^20.19.0 || >=22.13.0` → 20.19.0, 22.13.0), and the images' Node.js. */
export function nodesToSupport(engines: string, image: string | undefined): string[] {
  const lowest = new semver.Range(engines).set.map((comparators) => semver.minVersion(comparators.map((comparator) => comparator.value).join(' '))?.version)
  return [...new Set([...lowest, image].filter((version): version is string => version !== undefined))]
}

/** Whether npm installs this entry here: packages for another system or processor are skipped (and never warned about). */
function installedOn(entry: LockEntry, platform: string, arch: string): boolean {
  const admits = (list: string[] | undefined, value: string) => !list || list.some((item) => (item.startsWith('!') ? item.slice(1) !== value : item === value))
  return admits(entry.os, platform) && admits(entry.cpu, arch)
}

/** `name@version` of each installed package whose `engines.node` refuses `node`. */
export function enginesRefusing(packages: Record<string, LockEntry>, node: string, platform = process.platform, arch = process.arch): string[] {
  return Object.entries(packages).flatMap(([location, entry]) => {
    const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node
    if (!location || entry.link || !range || !installedOn(entry, platform, arch)) return []
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
    return semver.satisfies(node, range, { includePrerelease: true }) ? [] : [`${name}@${entry.version ?? '?'} (node ${range})`]
  })
}

/** Packages with an install script that `allowScripts` neither allows nor denies. */
export function unansweredInstallScripts(packages: Record<string, LockEntry>, allowScripts: Record<string, boolean> = {}): string[] {
  const answered = (name: string, version: string | undefined) =>
    Object.keys(allowScripts).some((key) => key === name || (version !== undefined && key === `${name}@${version}`))
  return Object.entries(packages).flatMap(([location, entry]) => {
    if (!entry.hasInstallScript || !location.includes('node_modules/')) return []
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
    return answered(name, entry.version) ? [] : [`${name}@${entry.version ?? '?'}`]
  })
}

describe('a fresh npm install prints no warning', () => {
  it('supports the lowest Node.js of each line the engines admit, and the images’ Node.js', () => {
    expect(nodesToSupport('^20.19.0 || >=22.13.0', '24.21.0')).toEqual(['20.19.0', '22.13.0', '24.21.0'])
    expect(nodesToSupport(root.engines.node, imageNode)).toContain(imageNode)
  })

  it.each(nodesToSupport(root.engines.node, imageNode))('no installed package needs a newer Node.js than %s', (node) => {
    expect(enginesRefusing(lock.packages, node)).toEqual([])
  })

  it('installs no package that prints a deprecation warning at run time: http-proxy calls util._extend (DEP0060 on Node.js 22 and later)', () => {
    const printing = ['http-proxy']
    expect(Object.keys(lock.packages).filter((path) => printing.some((name) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`)))).toEqual([])
  })

  it('skips the packages of other systems, as npm does', () => {
    const packages = { 'node_modules/a': { version: '1.0.0', engines: { node: '>=22' }, os: ['darwin'] }, 'node_modules/b': { version: '2.0.0', engines: { node: '>=22' } } }
    expect(enginesRefusing(packages, '20.19.0', 'linux', 'x64')).toEqual(['b@2.0.0 (node >=22)'])
  })

  it('answers every install script in allowScripts, and the denied ones are not needed', () => {
    expect(unansweredInstallScripts(lock.packages, root.allowScripts)).toEqual([])
    expect(unansweredInstallScripts({ 'node_modules/x': { version: '1.2.3', hasInstallScript: true } }, { 'x@1.2.2': true })).toEqual(['x@1.2.3'])
  })
})
