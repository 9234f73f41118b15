import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/**
 * The repository's dependency rules, as import-x `no-restricted-paths` zones: which folders may not
 * import which (and, in `boundariesConfig`, no import circles). Imports are resolved (relative paths
 * and workspace packages alike) before they are compared, so `../../gateway/src/x.ts` and
 * `@donaciones/gateway` are the same violation.
 * Services, remotes and features are listed from the folders on disk: a new one is covered as it appears.
 */
const services = (root) => subfolders(join(root, 'services'))
/** The services that run as a process (`src/main.ts`); the others under services/ (the kit, xlsx) are libraries they share. */
const runningServices = (root) => services(root).filter((service) => existsSync(join(root, 'services', service, 'src', 'main.ts')))
const frontends = (root) => subfolders(join(root, 'frontends')).filter((name) => existsSync(join(root, 'frontends', name, 'package.json')))
const sharedFrontend = 'kit'
const sharedService = 'kit'

function subfolders(folder) {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort()
}

function serviceZones(root) {
  return services(root).map((service) => ({
    target: `./services/${service}/src`,
    from: ['./gateway', './platform', './tools', './tests'],
    message: 'Un servicio no importa la puerta de enlace, la plataforma, las herramientas ni las pruebas: ellas dependen de él, no al revés.',
  }))
}

function serviceToServiceZones(root) {
  const running = runningServices(root)
  const libraries = services(root).filter((service) => !running.includes(service))
  return services(root).flatMap((service) => {
    const others = running.filter((other) => other !== service)
    if (service === sharedService || others.length === 0) return []
    return [{
      target: `./services/${service}/src`,
      from: others.map((other) => `./services/${other}`),
      message: `Un servicio no importa otro servicio: se comunican por el bus y las llamadas internas; lo compartido va en una biblioteca de services/ (${libraries.join(', ')}).`,
    }]
  })
}

function kitZones(root) {
  const others = services(root).filter((service) => service !== sharedService)
  if (others.length === 0) return []
  return [{ target: './services/kit', from: others.map((service) => `./services/${service}`), message: 'El kit es común a todos los servicios y no importa ninguno.' }]
}

function remoteZones(root) {
  const packages = frontends(root)
  return packages.flatMap((frontend) => {
    const others = packages.filter((other) => other !== frontend && other !== sharedFrontend)
    if (others.length === 0) return []
    return [{
      target: `./frontends/${frontend}`,
      from: others.map((other) => `./frontends/${other}`),
      message: `Un remoto no importa otro remoto; lo común va en frontends/${sharedFrontend}.`,
    }]
  })
}

function featureZones(root) {
  return frontends(root).flatMap((frontend) => {
    const featuresFolder = `frontends/${frontend}/src/features`
    const features = subfolders(join(root, featuresFolder))
    return features.flatMap((feature) => {
      const others = features.filter((other) => other !== feature)
      if (others.length === 0) return []
      return [{
        target: `./${featuresFolder}/${feature}`,
        from: others.map((other) => `./${featuresFolder}/${other}`),
        message: 'Una funcionalidad no importa otra; lo que compartan va fuera de features/.',
      }]
    })
  })
}

/** A remote's shared folders (directly under src) serve its features: they never import one. */
const sharedRemoteFolders = ['components', 'hooks', 'lib', 'api']

function remoteSharedCodeZones(root) {
  return frontends(root).flatMap((frontend) => {
    const source = `frontends/${frontend}/src`
    if (!existsSync(join(root, source, 'features'))) return []
    return [{
      target: sharedRemoteFolders.map((folder) => `./${source}/${folder}`),
      from: `./${source}/features`,
      message: `Lo común de un remoto (${sharedRemoteFolders.join(', ')}) no importa features/: las funcionalidades dependen de ello, no al revés.`,
    }]
  })
}

export function boundaryZones(root) {
  return [...serviceZones(root), ...serviceToServiceZones(root), ...kitZones(root), ...remoteZones(root), ...featureZones(root), ...remoteSharedCodeZones(root)]
}

/**
 * The flat-config block that turns the zones into lint errors for every source file under `root`,
 * and refuses import circles (`no-cycle`). no-cycle reads the imported files, so it is told which
 * extensions are source; it skips type-only imports (`import type`), so a circle closed by a type
 * alone is found by tests/lint/import-circles.test.ts instead. The workspace packages
 * (`@donaciones/…`) count as internal, so a circle that crosses packages is followed too; what is
 * under node_modules is not. maxDepth is left unset: the rule's cost is reading each file once more,
 * which a shorter search does not save.
 */
export function boundariesConfig(root) {
  const extensions = ['.ts', '.tsx', '.js', '.mjs']
  return {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: [...extensions, '.json'] })],
      'import-x/extensions': extensions,
      'import-x/internal-regex': '^@donaciones/',
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  }
}
