/** The size of an installed node_modules tree and the packages in it. */
import { existsSync, lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export interface TreeMeasure {
  bytes: number
  files: number
  packages: Set<string>
}

/** Sum of the files' sizes (what an image layer stores), symbolic links not followed. */
export function measureTree(dir: string): TreeMeasure {
  const result: TreeMeasure = { bytes: 0, files: 0, packages: new Set() }
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name)
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) {
        result.bytes += lstatSync(child).size
        result.files += 1
      }
    }
  }
  const packagesIn = (modules: string): void => {
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const names = entry.name.startsWith('@') ? readdirSync(join(modules, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name]
      for (const name of names) {
        result.packages.add(name)
        const nested = join(modules, name, 'node_modules')
        if (!lstatSync(join(modules, name)).isSymbolicLink() && existsSync(nested)) packagesIn(nested)
      }
    }
  }
  walk(dir)
  packagesIn(dir)
  return result
}
