import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import { parseDockerfile } from '../deploy/dockerfile.ts'
import { runCommand } from './command.ts'
import type { Engine } from './engine.ts'
import type { BaseKind } from './stand-ins.ts'

const root = resolve(import.meta.dirname, '../..')

/** The base images the Dockerfile (NODE_IMAGE) and the compose file (postgres, nats) name. */
export function baseImageReferences(): Record<BaseKind, string> {
  const dockerfile = parseDockerfile(readFileSync(resolve(root, 'deploy/Dockerfile'), 'utf8'))
  const compose = parse(readFileSync(resolve(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { image?: string }> }
  const node = dockerfile.globalArgs.NODE_IMAGE
  const postgres = compose.services.postgres?.image
  const nats = compose.services.nats?.image
  if (!node || !postgres || !nats) throw new Error('Faltan NODE_IMAGE en deploy/Dockerfile o las imágenes de postgres y nats en docker-compose.yml')
  return { node, postgres, nats }
}

/** Every build target of deploy/Dockerfile that is an image of its own (not an intermediate stage). */
export const imageTargets = ['service', 'gateway', 'jobs', 'provider-sim', 'frontend'] as const

/** The targets the Dockerfile defines, so a target added there and not built here is noticed. */
export function dockerfileTargets(): string[] {
  const dockerfile = parseDockerfile(readFileSync(resolve(root, 'deploy/Dockerfile'), 'utf8'))
  const usedAsBase = new Set(dockerfile.stages.map((stage) => stage.from))
  const copiedFrom = new Set(readFileSync(resolve(root, 'deploy/Dockerfile'), 'utf8').match(/--from=[\w-]+/g)?.map((flag) => flag.slice('--from='.length)))
  return dockerfile.stages.map((stage) => stage.name).filter((name) => !usedAsBase.has(name) && !copiedFrom.has(name))
}

/** An image's size as the engine reports it (`image inspect`), in bytes. */
export async function imageSize(engine: Engine, reference: string): Promise<number> {
  const result = await runCommand(engine.bin, ['image', 'inspect', '--format', '{{.Size}}', reference], { env: engine.env })
  if (result.code !== 0) throw new Error(`No existe la imagen ${reference}`)
  return Number(result.stdout.trim())
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}
