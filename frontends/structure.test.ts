import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The front-end layout rules of frontends/README.md, checked on the source tree. */
const root = import.meta.dirname

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

const files = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'src')))
  .flatMap((entry) => sourceFiles(join(root, entry.name, 'src')).map((path) => relative(root, path)))

const inFolder = (path: string, folder: string) => path.split(sep).includes(folder)
const stem = (path: string) => basename(path).replace(/(\.test|\.d)?\.tsx?$/, '')
const featureOf = (path: string): string | null => /(^|\/)([a-z]+\/src\/features\/[^/]+)\//.exec(path.split(sep).join('/'))?.[2] ?? null
const relativeImports = (path: string) =>
  [...readFileSync(join(root, path), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] ?? '')

describe('front-end layout', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it('names component files in PascalCase and every other file in kebab-case', () => {
    const misnamed = files.filter((path) => {
      const name = stem(path)
      const pascal = /^[A-Z][A-Za-z0-9]*$/.test(name)
      const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)
      return path.endsWith('.tsx') ? !pascal && !kebab : !kebab
    })
    expect(misnamed).toEqual([])
  })

  it('keeps only components in components/ and only hooks in hooks/', () => {
    expect(files.filter((path) => inFolder(path, 'components') && !/^[A-Z]/.test(basename(path)))).toEqual([])
    expect(files.filter((path) => inFolder(path, 'hooks') && !basename(path).startsWith('use-'))).toEqual([])
  })

  it('keeps feature api files to transport: no toasts, dialogs or dashboard routes', () => {
    const offending = files.filter(
      (path) => featureOf(path) && inFolder(path, 'api') && /\b(notify|showAlert|confirmAction|askJustification)\b|['`]\/dashboard\//.test(readFileSync(join(root, path), 'utf8')),
    )
    expect(offending).toEqual([])
  })

  it('never imports one feature from another', () => {
    const crossings = files.flatMap((path) => {
      const feature = featureOf(path)
      if (!feature) return []
      return relativeImports(path)
        .map((spec) => relative(root, resolve(root, dirname(path), spec)))
        .filter((target) => {
          const other = featureOf(target)
          return other !== null && other !== feature
        })
        .map((target) => `${path} → ${target}`)
    })
    expect(crossings).toEqual([])
  })
})
