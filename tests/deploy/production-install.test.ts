import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { dockerfileTargets } from '../../tools/containers/images.ts'
import { productionInstallBlock, productionInstallBlocks, readmePath } from '../../tools/containers/production-install.ts'

/** The blocks `npm run test:containers` runs, in the README's order. */
const testedBlocks = ['images', 'secrets', 'demo', 'scale', 'nats-cluster', 'replay', 'reconcile']

describe('README "Production install": the commands the container test runs', () => {
  const readme = readFileSync(readmePath, 'utf8')

  it('marks every block the container test runs, once each', () => {
    expect([...productionInstallBlocks(readme).keys()]).toEqual(testedBlocks)
    expect(() => productionInstallBlock('scale', productionInstallBlocks(readme.replace('<!-- test:containers scale -->', '')))).toThrow(/falta el bloque marcado <!-- test:containers scale -->/)
  })

  it('builds every image target of deploy/Dockerfile and every service of the compose file', () => {
    const images = productionInstallBlock('images', productionInstallBlocks(readme))
    for (const target of dockerfileTargets()) expect(images).toContain(`--target ${target} `)
    for (const service of ['identity', 'content', 'campaign', 'donation', 'audit']) expect(images).toMatch(new RegExp(`for s in [^;]*\\b${service}\\b`))
    expect(dockerfileTargets()).toEqual(['service', 'gateway', 'jobs', 'provider-sim', 'frontend'])
  })
})
