/**
 * What each image of deploy/Dockerfile holds: the production install of one workspace (read from
 * its deps stage's `npm ci`), the sources it copies and the code its entry points load; and what is
 * wrong with that (a front-end library, an import its workspace does not declare or the install
 * lacks, a source file the image does not copy).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { commandOf, imageTarget, type Dockerfile } from './dockerfile.ts'
import { isFrontEndPackage, type FrontEndPackages } from './front-end.ts'
import { dependents, installedBy, installedNames, lookup, type Installed, type Lockfile, type LockPackage, type Omitted } from './lock-closure.ts'
import { sourceClosure, type SourceClosure } from './source-imports.ts'
import { readManifest, readWorkspaces, workspaceOfFile } from './workspaces.ts'

export interface ImageBuild {
  /** `donaciones/<image>` */
  image: string
  target: string
  args: Record<string, string>
  /** Repository-relative files the image runs; the CMD's file unless given. */
  entries?: string[]
}

/** The file a root package.json script runs with tsx (`replay` → platform/src/cli/replay.ts). */
export function rootScriptFile(root: string, script: string): string {
  const words = (readManifest(root, '.').scripts?.[script] ?? '').split(/\s+/)
  if (words[0] !== 'tsx' || !words[1]) throw new Error(`package.json script ${script} does not run a file with tsx`)
  return words[1]
}

/** Every image deploy/README.md builds: one per service (each with a src/main.ts), the gateway, the jobs and the payment simulator. */
export function imageBuilds(root: string): ImageBuild[] {
  const services = readdirSync(join(root, 'services')).filter((name) => existsSync(join(root, 'services', name, 'src/main.ts'))).sort()
  return [
    ...services.map((service) => ({ image: service, target: 'service', args: { SERVICE: service } })),
    { image: 'gateway', target: 'gateway', args: {} },
    { image: 'jobs', target: 'jobs', args: {}, entries: ['replay', 'reconcile'].map((script) => rootScriptFile(root, script)) },
    { image: 'provider-sim', target: 'provider-sim', args: {} },
  ]
}

export interface ImageInstall {
  /** The stage that installs, whose /app the image copies. */
  stage: string
  /** The `npm ci …` words as the stage runs them. */
  command: string[]
  workspace: string | undefined
  omit: Omitted[]
}

function optionValues(words: readonly string[], long: string, short?: string): string[] {
  return words.flatMap((word, index) => {
    if (word.startsWith(`${long}=`)) return [word.slice(long.length + 1)]
    if (word === long || (short && word === short)) return words[index + 1] ? [words[index + 1]!] : []
    return []
  })
}

/** The `npm ci` of the stage the image takes its /app (node_modules) from. */
export function imageInstall(dockerfile: Dockerfile, build: ImageBuild): ImageInstall {
  const image = imageTarget(dockerfile, build.target, build.args)
  const stage = image.instructions.map((instruction) => (instruction.keyword === 'COPY' ? /--from=(\S+)\s+\/app\/?\s/.exec(instruction.args)?.[1] : undefined)).find(Boolean)
  if (!stage) throw new Error(`image ${build.image}: copies no /app from an install stage`)
  const runs = imageTarget(dockerfile, stage, build.args).instructions.filter((instruction) => instruction.keyword === 'RUN')
  const command = runs
    .flatMap((run) => run.args.split(/&&|;/))
    .map((part) => part.trim().split(/\s+/).map((word) => word.replace(/^["']|["']$/g, '')))
    .find((words) => words[0] === 'npm' && words[1] === 'ci')
  if (!command) throw new Error(`image ${build.image}: stage ${stage} runs no npm ci`)
  const workspaces = optionValues(command, '--workspace', '-w')
  const omit = optionValues(command, '--omit').filter((value): value is Omitted => value === 'dev' || value === 'optional' || value === 'peer')
  return { stage, command, workspace: workspaces.length === 1 ? workspaces[0]!.replace(/\/$/, '') : undefined, omit }
}

/** Repository paths the image copies from the build context (its own chain of stages). */
export function copiedSources(dockerfile: Dockerfile, build: ImageBuild): string[] {
  return imageTarget(dockerfile, build.target, build.args)
    .instructions.filter((instruction) => instruction.keyword === 'COPY' && !instruction.args.includes('--from='))
    .flatMap((instruction) => {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'))
      return words.slice(0, -1).map((path) => path.replace(/\/$/, ''))
    })
}

/** The files the image runs: given, or the file its CMD hands to tsx. */
export function imageEntries(dockerfile: Dockerfile, build: ImageBuild): string[] {
  if (build.entries) return build.entries
  const image = imageTarget(dockerfile, build.target, build.args)
  const file = commandOf(image.cmd, image.env)[1]
  return file ? [file] : []
}

export interface ImageContents {
  build: ImageBuild
  install: ImageInstall
  installed: Installed
  /** Installed package names. */
  packages: Set<string>
  sources: SourceClosure
  copied: string[]
}

export function imageContents(root: string, lock: Lockfile, dockerfile: Dockerfile, build: ImageBuild): ImageContents {
  const install = imageInstall(dockerfile, build)
  if (!install.workspace) throw new Error(`image ${build.image}: ${install.command.join(' ')} installs no single workspace`)
  const installed = installedBy(lock, install.workspace, new Set(install.omit))
  return {
    build,
    install,
    installed,
    packages: installedNames(lock, installed),
    sources: sourceClosure(root, imageEntries(dockerfile, build)),
    copied: copiedSources(dockerfile, build),
  }
}

/** How a workspace declares `name`, as package-lock.json records its package.json (npm ci refuses a lock file out of step). */
function declares(entry: LockPackage, name: string): 'runtime' | 'optional' | undefined {
  if (entry.optionalDependencies?.[name]) return 'optional'
  if (entry.dependencies?.[name] || entry.peerDependencies?.[name]) return 'runtime'
  return undefined
}

/** Front-end libraries in the install, each with the packages that bring it. */
export function frontEndProblems(contents: ImageContents, lock: Lockfile, frontEnd: FrontEndPackages): string[] {
  const brought = dependents(lock, contents.installed)
  return [...contents.packages]
    .filter((name) => isFrontEndPackage(frontEnd, name))
    .sort()
    .map((name) => `image ${contents.build.image}: front-end library ${name} (needed by ${[...(brought.get(name) ?? ['?'])].sort().join(', ')})`)
}

/** Imports the install cannot satisfy or the importing workspace does not declare, and sources the image does not copy. */
export function sourceProblems(contents: ImageContents, root: string, lock: Lockfile): string[] {
  const where = `image ${contents.build.image}`
  const workspaces = readWorkspaces(root)
  const problems = contents.sources.problems.map((problem) => `${where}: ${problem}`)
  const entryWorkspace = workspaceOfFile(workspaces, contents.sources.files[0] ?? '')
  if (entryWorkspace && entryWorkspace.dir !== contents.install.workspace) problems.push(`${where}: installs ${contents.install.workspace}, its entry belongs to ${entryWorkspace.dir}`)
  const reported = new Set<string>()
  for (const use of contents.sources.packages) {
    const key = `${use.workspace}:${use.name}`
    if (reported.has(key)) continue
    reported.add(key)
    // Outside a workspace (the payment simulator) there is no package.json: the install must hold it.
    const declared = use.workspace === '' ? 'runtime' : declares(lock.packages[use.workspace] ?? {}, use.name)
    const location = lookup(lock, use.workspace, use.name)
    const present = location !== undefined && contents.installed.has(location)
    if (!declared) problems.push(`${where}: ${use.file} imports ${use.name}, which ${use.workspace}/package.json does not declare`)
    else if (!present && !(declared === 'optional' && use.dynamic && contents.install.omit.includes('optional'))) problems.push(`${where}: ${use.file} imports ${use.name}, which the install (${contents.install.command.join(' ')}) leaves out`)
  }
  for (const file of contents.sources.files) {
    if (!contents.copied.some((path) => file === path || file.startsWith(`${path}/`))) problems.push(`${where}: runs ${file}, which it does not copy`)
  }
  return problems
}
