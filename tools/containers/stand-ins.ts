import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { mustRun, runCommand } from './command.ts'
import type { Engine } from './engine.ts'
import { ensureCommands } from './install.ts'

/** The base images the Dockerfile and the compose file name, and how each is stood in for. */
export type BaseKind = 'node' | 'postgres' | 'nats'

export interface BaseImage {
  kind: BaseKind
  reference: string
  /** local: already there (not ours); pulled: from its registry; stand-in: made here, announced as such. */
  source: 'local' | 'pulled' | 'stand-in'
}

const recipes = resolve(import.meta.dirname, 'stand-ins')
const standInLabel = 'org.donaciones.stand-in'
const minbase = 'localhost/donaciones-stand-in/debian:bookworm-minbase'
const caBundle = '/etc/ssl/certs/ca-certificates.crt'

/** `node:24` → `docker.io/library/node:24`, as Docker reads a short name. */
export function qualified(reference: string): string {
  const [first = '', ...rest] = reference.split('/')
  if (rest.length === 0) return `docker.io/library/${reference}`
  if (!first.includes('.') && !first.includes(':') && first !== 'localhost') return `docker.io/${reference}`
  return reference
}

function nodeVersion(reference: string): string {
  const version = /^(?:.*\/)?node:(\d+\.\d+\.\d+)/.exec(reference)?.[1]
  if (!version) throw new Error(`La imagen de Node.js ${reference} no fija una versión x.y.z`)
  return version
}

/** What a stand-in is made of; a different recipe makes a new stand-in. */
function recipeHash(kind: BaseKind, reference: string, npmVersion: string): string {
  const hash = createHash('sha256').update(`${kind} ${reference} ${npmVersion}\n`)
  for (const file of readdirSync(join(recipes, kind)).sort()) hash.update(file).update(readFileSync(join(recipes, kind, file)))
  if (kind === 'node') hash.update(readFileSync(caBundle))
  return hash.digest('hex').slice(0, 16)
}

async function labelOf(engine: Engine, reference: string): Promise<string | undefined> {
  const result = await runCommand(engine.bin, ['image', 'inspect', '--format', `{{index .Config.Labels "${standInLabel}"}}`, reference], { env: engine.env })
  if (result.code !== 0) return undefined
  return result.stdout.trim().replace('<no value>', '')
}

/** The machine's own Debian mirror (its apt sources), so a stand-in needs nothing the machine cannot reach. */
export function debianMirror(): string {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    const uri = /^URIs:\s*(\S+\/debian)\s*$/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\s+bookworm\b/m.exec(text)?.[1]
    if (uri) return uri
  }
  return 'http://deb.debian.org/debian'
}

/** Debian bookworm minbase from debootstrap, imported once and kept (the stand-ins' common base). */
async function ensureMinbase(engine: Engine): Promise<void> {
  if ((await runCommand(engine.bin, ['image', 'exists', minbase], { env: engine.env })).code === 0) return
  await ensureCommands({ debootstrap: 'debootstrap' })
  const root = mkdtempSync(join(tmpdir(), 'donaciones-minbase-'))
  try {
    const mirror = debianMirror()
    console.log(`Sustituto: debootstrap --variant=minbase bookworm desde ${mirror}`)
    await mustRun('debootstrap falló', 'debootstrap', ['--variant=minbase', 'bookworm', root, mirror], { timeoutMs: 900_000 })
    for (const dir of ['var/lib/apt/lists', 'var/cache/apt/archives']) rmSync(join(root, dir), { recursive: true, force: true })
    mkdirSync(join(root, 'var/lib/apt/lists/partial'), { recursive: true })
    await mustRun('importar la base Debian', 'sh', ['-c', `tar -C "${root}" -c . | ${engine.bin} import --change 'CMD ["/bin/bash"]' - ${minbase}`], { env: engine.env, timeoutMs: 600_000 })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** The build context of the node stand-in: its recipe, the machine's CA bundle, Node.js and npm from the npm registry. */
async function nodeContext(reference: string, npmVersion: string): Promise<string> {
  const context = mkdtempSync(join(tmpdir(), 'donaciones-node-stand-in-'))
  cpSync(join(recipes, 'node'), context, { recursive: true })
  cpSync(caBundle, join(context, 'ca-certificates.crt'))
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
  const packages = join(context, 'packages')
  mkdirSync(packages)
  await mustRun('descargar Node.js y npm del registro de npm', 'npm', ['pack', '--silent', `node-linux-${arch}@${nodeVersion(reference)}`, `npm@${npmVersion}`], { cwd: packages, timeoutMs: 600_000 })
  const [nodeTarball, npmTarball] = [`node-linux-${arch}-${nodeVersion(reference)}.tgz`, `npm-${npmVersion}.tgz`]
  mkdirSync(join(context, 'node-package'))
  mkdirSync(join(context, 'npm'))
  await mustRun('desempacar Node.js', 'tar', ['-xzf', join(packages, nodeTarball), '-C', join(context, 'node-package'), '--strip-components=1'])
  await mustRun('desempacar npm', 'tar', ['-xzf', join(packages, npmTarball), '-C', join(context, 'npm'), '--strip-components=1'])
  cpSync(join(context, 'node-package/bin/node'), join(context, 'node'))
  rmSync(join(context, 'node-package'), { recursive: true })
  rmSync(packages, { recursive: true })
  return context
}

async function buildStandIn(engine: Engine, kind: BaseKind, reference: string, npmVersion: string, label: string): Promise<void> {
  await ensureMinbase(engine)
  const context = kind === 'node' ? await nodeContext(reference, npmVersion) : join(recipes, kind)
  try {
    await mustRun(`construir el sustituto de ${reference}`, engine.bin, ['build', '--build-arg', `BASE=${minbase}`, '--label', `${standInLabel}=${label}`, '-t', qualified(reference), context], {
      env: engine.env,
      timeoutMs: 900_000,
    })
  } finally {
    if (kind === 'node') rmSync(context, { recursive: true, force: true })
  }
}

/**
 * A base image: the one already on the machine, else the registry's, else a stand-in made here
 * (kept for the next run; rebuilt when its recipe changes). Stand-ins are announced loudly: they
 * prove the project's images and compose file, not the upstream images.
 */
export async function ensureBaseImage(engine: Engine, kind: BaseKind, reference: string): Promise<BaseImage> {
  const npmVersion = (await mustRun('npm --version', 'npm', ['--version'])).stdout.trim()
  const label = recipeHash(kind, reference, npmVersion)
  const present = await labelOf(engine, qualified(reference))
  if (present !== undefined && (present === '' || present === label)) return { kind, reference, source: present === '' ? 'local' : 'stand-in' }
  if (present === undefined) {
    const pulled = await runCommand(engine.bin, ['pull', qualified(reference)], { env: engine.env, timeoutMs: 60_000 })
    if (pulled.code === 0) return { kind, reference, source: 'pulled' }
  }
  console.log(`\n*** SUSTITUTO: ${reference} no se pudo obtener del registro; se construye un sustituto local (${kind}, Debian bookworm) con la misma etiqueta. Prueba las imágenes y el compose del proyecto, no la imagen oficial. ***\n`)
  await buildStandIn(engine, kind, reference, npmVersion, label)
  return { kind, reference, source: 'stand-in' }
}
