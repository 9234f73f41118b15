/** Checks of deploy/Dockerfile against the code: base image, user, health check, entry point, dependencies. */
import semver from 'semver'
import { commandOf, imageTarget, type Dockerfile, type ImageTarget } from '../../../tools/deploy/dockerfile.ts'
import { entryCommand, processNames, readRepoFile, type ProcessName } from './platform.ts'

export interface ImageBuild {
  target: string
  args: Record<string, string>
}

/** How deploy/README.md builds each process's image. */
export function imageBuildFor(name: ProcessName): ImageBuild {
  return name === 'gateway' ? { target: 'gateway', args: {} } : { target: 'service', args: { SERVICE: name } }
}

export function imageOf(dockerfile: Dockerfile, build: ImageBuild): ImageTarget {
  return imageTarget(dockerfile, build.target, build.args)
}

/** The Node.js line the images run: the current LTS (decision 92). */
export const imageNodeMajor = 24

/** Whether `version` (x.y.z) is in an npm range such as `engines.node`. */
export function satisfiesRange(version: string, range: string): boolean {
  return semver.satisfies(version, range)
}

function lockedVersion(name: string): string | undefined {
  const lock = JSON.parse(readRepoFile('package-lock.json')) as { packages?: Record<string, { version?: string }> }
  return lock.packages?.[`node_modules/${name}`]?.version
}

function rootEngines(): string {
  return (JSON.parse(readRepoFile('package.json')) as { engines?: { node?: string } }).engines?.node ?? ''
}

/** The HEALTHCHECK asks /healthz on $PORT, inline or through a script copied from the repository. */
function healthcheckUsesHealthz(image: ImageTarget): boolean {
  const check = image.healthcheck ?? ''
  const script = /[\w/.-]+\.mjs/.exec(check)?.[0]
  const copied = image.instructions.some((instruction) => instruction.keyword === 'COPY' && script !== undefined && instruction.args.split(/\s+/).includes(script))
  const text = script && copied ? readRepoFile(script) : check
  const path = image.env.HEALTH_PATH ?? '/healthz'
  return /\bCMD\b/.test(check) && path === '/healthz' && text.includes('/healthz') && /\bPORT\b/.test(text)
}

export function imageProblems(dockerfile: Dockerfile): string[] {
  const problems: string[] = []
  for (const name of processNames) {
    const image = imageOf(dockerfile, imageBuildFor(name))
    const where = `image of ${name}`
    const nodeVersion = /^node:(\d+\.\d+\.\d+)-bookworm-slim$/.exec(image.baseImage)?.[1]
    if (!nodeVersion || Number(nodeVersion.split('.')[0]) !== imageNodeMajor) problems.push(`${where}: base ${image.baseImage} is not a pinned Node ${imageNodeMajor} bookworm-slim tag`)
    else if (!satisfiesRange(nodeVersion, rootEngines())) problems.push(`${where}: Node ${nodeVersion} is outside the root package.json's engines (${rootEngines()})`)
    if (!image.user || /^(root|0)(:|$)/.test(image.user)) problems.push(`${where}: runs as root`)
    if (!healthcheckUsesHealthz(image)) problems.push(`${where}: no HEALTHCHECK on /healthz at $PORT`)
    const command = commandOf(image.cmd, image.env)
    if (JSON.stringify(command) !== JSON.stringify(entryCommand(name))) problems.push(`${where}: runs ${command.join(' ')}, the code starts with ${entryCommand(name).join(' ')}`)
    const runs = image.instructions.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args)
    const copies = image.instructions.filter((instruction) => instruction.keyword === 'COPY').map((instruction) => instruction.args)
    if (runs.some((run) => /npm (ci|install)(?![^&;]*--omit=dev)(?![^&;]*-g\b)/.test(run))) problems.push(`${where}: installs development dependencies`)
    const depsStage = /--from=(\S+)\s+\/app\s/.exec(copies.join('\n'))?.[1]
    const deps = depsStage ? dockerfile.stages.find((stage) => stage.name === depsStage) : undefined
    if (!deps?.instructions.some((instruction) => instruction.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(instruction.args))) problems.push(`${where}: node_modules do not come from an \`npm ci --omit=dev\` stage`)
    const tsx = runs.map((run) => /npm install -g[^&]*"?tsx@([\w.-]+)/.exec(run)?.[1]).find(Boolean)
    if (tsx !== lockedVersion('tsx')) problems.push(`${where}: tsx ${tsx ?? 'missing'} in the runtime, the lock file has ${lockedVersion('tsx')}`)
    if (name === 'gateway') {
      const bundle = copies.map((copy) => /--from=\S+\s+(?:--\S+\s+)*\S*frontends\/dist\s+(\S+)$/.exec(copy)?.[1]).find(Boolean)
      if (!bundle || bundle !== image.env.FRONTEND_DIR) problems.push(`${where}: FRONTEND_DIR (${image.env.FRONTEND_DIR}) is not where the front-end bundle is copied (${bundle})`)
    }
  }
  return problems
}
