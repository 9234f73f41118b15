/**
 * `npm run measure:images`: for each image of deploy/Dockerfile, repeats the production install of
 * its deps stage (the same COPY of the manifests and the same `npm ci`) in a temporary directory,
 * and prints the size of its node_modules. It also checks that install:
 *   - it holds the packages the deploy test expects from package-lock.json, no more, no fewer;
 *   - no front-end library is in it (tools/deploy/front-end.ts derives them from frontends/);
 *   - with the image's sources copied next to it, every package the image's code imports loads
 *     (third-party ones are imported, workspace ones resolved to their files), and so does the main
 *     module of the workspace its entry belongs to, with tsx.
 * Also measures `npm ci --omit=dev` at the root, what every image installed before decision 93.
 * Ends with a Markdown table for deploy/README.md; exits 1 on any problem.
 *   --only=campaign,gateway   only these images (no root measurement)
 */
import { spawnSync } from 'node:child_process'
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { imageTarget, parseDockerfile, type Dockerfile } from './dockerfile.ts'
import { frontEndPackages, isFrontEndPackage } from './front-end.ts'
import { frontEndProblems, imageBuilds, imageContents, type ImageBuild, type ImageContents } from './image-contents.ts'
import { lookup, type Lockfile } from './lock-closure.ts'
import { measureTree, type TreeMeasure } from './tree-measure.ts'
import { readWorkspaces, workspaceOfFile } from './workspaces.ts'

const root = resolve(import.meta.dirname, '../..')
const { values: options } = parseArgs({ options: { only: { type: 'string' } } })
const only = options.only?.split(',').map((name) => name.trim())
const dockerfile = parseDockerfile(readFileSync(join(root, 'deploy/Dockerfile'), 'utf8'))
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile
const frontEnd = frontEndPackages(root, lock)

/** `COPY <src…> <dest>` from the build context into `app`, as Docker does: a directory copies its contents. */
function replayCopy(args: string, app: string): void {
  const words = args.split(/\s+/).filter((word) => !word.startsWith('--'))
  const destination = words.at(-1)!
  for (const source of words.slice(0, -1)) {
    const from = join(root, source)
    const into = lstatSync(from).isDirectory() || !destination.endsWith('/') ? join(app, destination) : join(app, destination, basename(source))
    mkdirSync(dirname(into), { recursive: true })
    cpSync(from, into, { recursive: true, filter: (path) => basename(path) !== 'node_modules' && !path.endsWith('.test.ts') })
  }
}

function copyFromContext(dockerfile: Dockerfile, target: string, args: Record<string, string>, app: string): void {
  for (const instruction of imageTarget(dockerfile, target, args).instructions) {
    if (instruction.keyword === 'COPY' && !instruction.args.includes('--from=')) replayCopy(instruction.args, app)
  }
}

function install(command: readonly string[], app: string): void {
  const [program, ...args] = command
  const run = spawnSync(program!, args, { cwd: app, stdio: ['ignore', 'ignore', 'inherit'] })
  if (run.status !== 0) throw new Error(`${command.join(' ')} terminó con ${run.status}`)
}

/** Imports each third-party package and resolves each workspace package the image's code names, from where its code lives. */
function loadProblems(contents: ImageContents, app: string): string[] {
  const byWorkspace = new Map<string, Set<string>>()
  for (const use of contents.sources.packages) {
    const location = lookup(lock, use.workspace, use.name)
    if (!location || !contents.installed.has(location)) continue // left out on purpose; the deploy test judges that
    if (!byWorkspace.has(use.workspace)) byWorkspace.set(use.workspace, new Set())
    byWorkspace.get(use.workspace)!.add(use.name)
  }
  const script = `
    const { existsSync } = await import('node:fs')
    const { fileURLToPath } = await import('node:url')
    const failed = []
    for (const name of process.argv.slice(1)) {
      try {
        if (name.startsWith('@donaciones/')) {
          const file = fileURLToPath(import.meta.resolve(name))
          if (!existsSync(file)) throw new Error('no existe ' + file)
        } else await import(name)
      } catch (error) { failed.push(name + ': ' + (error.code ?? error.message)) }
    }
    console.log(JSON.stringify(failed))
    process.exit(0)`
  return [...byWorkspace].flatMap(([workspace, names]) => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...names], { cwd: join(app, workspace), encoding: 'utf8' })
    const failed = run.status === 0 ? (JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as string[]) : [`node terminó con ${run.status}: ${run.stderr}`]
    return failed.map((failure) => `image ${contents.build.image}: ${workspace || '/app'} cannot load ${failure}`)
  })
}

/**
 * Loads the main module of the workspace the image's entry belongs to (its package.json
 * `exports['.']`, which defines the service without starting it) with tsx, as the image runs it:
 * the whole module graph from the install and the copied sources.
 */
function entryProblems(contents: ImageContents, app: string): string[] {
  const workspace = workspaceOfFile(readWorkspaces(root), contents.sources.files[0] ?? '')
  const main = workspace?.exports['.']
  if (!workspace || !main) return []
  const file = join(workspace.dir, main)
  const url = pathToFileURL(join(app, file)).href
  const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx/esm'), '--input-type=module', '-e', `await import(${JSON.stringify(url)})`], { cwd: app, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } })
  if (run.status === 0) return []
  const reason = run.stderr.split('\n').find((line) => /Error\b/.test(line)) ?? run.stderr.trim()
  return [`image ${contents.build.image}: loading ${file} failed: ${reason.trim()}`]
}

interface Row {
  label: string
  install: string
  measure: TreeMeasure
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1)
}

function measureBuild(build: ImageBuild): { row: Row; problems: string[] } {
  const contents = imageContents(root, lock, dockerfile, build)
  const app = mkdtempSync(join(tmpdir(), `donaciones-image-${build.image}-`))
  try {
    console.log(`${build.image}: ${contents.install.command.join(' ')}`)
    copyFromContext(dockerfile, contents.install.stage, build.args, app)
    install(contents.install.command, app)
    const measured = measureTree(join(app, 'node_modules'))
    const problems: string[] = []
    const missing = [...contents.packages].filter((name) => !measured.packages.has(name))
    const extra = [...measured.packages].filter((name) => !contents.packages.has(name))
    if (missing.length + extra.length > 0) problems.push(`image ${build.image}: npm installed ${extra.join(', ') || 'nothing'} more and ${missing.join(', ') || 'nothing'} less than package-lock.json predicts`)
    problems.push(...frontEndProblems({ ...contents, packages: measured.packages }, lock, frontEnd))
    copyFromContext(dockerfile, build.target, build.args, app)
    problems.push(...loadProblems(contents, app), ...entryProblems(contents, app))
    const omit = contents.install.omit.map((value) => `--omit=${value}`).join(' ')
    return { row: { label: `\`${build.image}\``, install: `\`${contents.install.workspace}\` ${omit}`, measure: measured }, problems }
  } finally {
    rmSync(app, { recursive: true, force: true })
  }
}

function measureRoot(): Row {
  const app = mkdtempSync(join(tmpdir(), 'donaciones-image-root-'))
  try {
    const command = ['npm', 'ci', '--omit=dev', '--no-audit', '--no-fund']
    console.log(`(todas las imágenes antes): ${command.join(' ')}`)
    copyFromContext(dockerfile, 'manifests', {}, app)
    install(command, app)
    const measured = measureTree(join(app, 'node_modules'))
    const frontEndCount = [...measured.packages].filter((name) => isFrontEndPackage(frontEnd, name)).length
    console.log(`  ${frontEndCount} bibliotecas del front end instaladas`)
    return { label: 'every image before (decision 93)', install: 'the root, `--omit=dev`', measure: measured }
  } finally {
    rmSync(app, { recursive: true, force: true })
  }
}

const builds = imageBuilds(root).filter((build) => !only || only.includes(build.image))
const rows: Row[] = []
const problems: string[] = []
for (const build of builds) {
  const { row, problems: found } = measureBuild(build)
  rows.push(row)
  problems.push(...found)
  console.log(`  ${megabytes(row.measure.bytes)} MB, ${row.measure.packages.size} paquetes${found.length > 0 ? `, ${found.length} problema(s)` : ''}`)
}
if (!only) rows.push(measureRoot())

console.log(`\nNode ${process.version}, npm ${spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim()}, ${new Date().toISOString().slice(0, 10)}\n`)
console.log('| image | production install of | node_modules | packages | files |')
console.log('|---|---|---:|---:|---:|')
for (const row of rows) console.log(`| ${row.label} | ${row.install} | ${megabytes(row.measure.bytes)} MB | ${row.measure.packages.size} | ${row.measure.files.toLocaleString('en-US')} |`)
if (problems.length > 0) {
  console.error(`\n${problems.length} problema(s):\n${problems.join('\n')}`)
  process.exit(1)
}
