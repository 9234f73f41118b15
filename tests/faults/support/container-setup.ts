import type { TestProject } from 'vitest/node'
import { openEngine } from '../../../tools/containers/engine.ts'
import { baseImageReferences } from '../../../tools/containers/images.ts'
import { removeLabelled } from '../../../tools/containers/stack.ts'
import { ensureBaseImage, qualified, type BaseImage } from '../../../tools/containers/stand-ins.ts'
import { suiteLabel } from './engine-containers.ts'

const sourceWords: Record<BaseImage['source'], string> = { local: 'ya estaba en la máquina', pulled: 'obtenida del registro', 'stand-in': 'SUSTITUTO hecho aquí' }

/**
 * Once per run, before any scenario: the container engine (podman on a socket of its own, or
 * Docker) and the PostgreSQL and NATS images docker-compose.yml names, made as announced stand-ins
 * when no registry serves them (tools/containers, shared with npm run test:containers).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = await openEngine()
  const references = baseImageReferences()
  for (const kind of ['postgres', 'nats'] as const) {
    const image = await ensureBaseImage(engine, kind, references[kind])
    console.log(`Imagen de ${kind} para las pruebas de fallas: ${image.reference} (${sourceWords[image.source]})`)
  }
  // What an earlier, interrupted run left: testcontainers' Ryuk, which would remove it, cannot run here.
  const suiteContainers = `${suiteLabel.key}=${suiteLabel.value}`
  await removeLabelled(engine, suiteContainers)
  project.provide('containerEngine', {
    ...(engine.env.DOCKER_HOST ? { dockerHost: engine.env.DOCKER_HOST } : {}),
    postgresImage: qualified(references.postgres),
    natsImage: qualified(references.nats),
  })
  return async () => {
    await removeLabelled(engine, suiteContainers)
    await engine.close()
  }
}
