import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const readmePath = resolve(import.meta.dirname, '../../README.md')

/**
 * The shell blocks of the README's "Production install" that the container test runs, by name:
 * each is the fenced block after a `<!-- test:containers <name> -->` line. The test runs exactly
 * these commands, so what operators read is what was proven.
 */
export function productionInstallBlocks(text = readFileSync(readmePath, 'utf8')): Map<string, string> {
  const section = /^## Production install\n([\s\S]*?)(?=^## )/m.exec(text)?.[1]
  if (!section) throw new Error('README.md no tiene la sección "## Production install"')
  const blocks = new Map<string, string>()
  for (const match of section.matchAll(/<!-- test:containers ([\w-]+) -->\s*\n```sh\n([\s\S]*?)```/g)) {
    const [, name = '', body = ''] = match
    if (blocks.has(name)) throw new Error(`README.md: el bloque "${name}" aparece dos veces`)
    blocks.set(name, body)
  }
  return blocks
}

export function productionInstallBlock(name: string, blocks = productionInstallBlocks()): string {
  const block = blocks.get(name)
  if (block === undefined) throw new Error(`README.md, "Production install": falta el bloque marcado <!-- test:containers ${name} -->`)
  return block
}
