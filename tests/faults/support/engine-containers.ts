import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers'
import { inject } from 'vitest'

/** What the suite's global setup prepared (container-setup.ts): the engine's API and the images the compose file names. */
export interface ContainerEngineContext {
  /** Docker's API as the engine serves it (podman's socket); absent for Docker's own default socket. */
  dockerHost?: string
  postgresImage: string
  natsImage: string
}

declare module 'vitest' {
  interface ProvidedContext {
    containerEngine: ContainerEngineContext
  }
}

/** Every container the suite starts carries it, so a run removes what an interrupted one left. */
export const suiteLabel = { key: 'org.donaciones.test', value: 'faults' } as const

/**
 * testcontainers reads the engine's address once, from the environment. Its Ryuk helper, which
 * removes containers after a crashed run, is an image no registry here serves: the global
 * setup's teardown removes them by label instead.
 */
function useSuiteEngine(): ContainerEngineContext {
  const context = inject('containerEngine')
  if (context.dockerHost) process.env.DOCKER_HOST = context.dockerHost
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'
  return context
}

export function suiteImages(): Pick<ContainerEngineContext, 'postgresImage' | 'natsImage'> {
  return useSuiteEngine()
}

/** An engine in a container on the host's network (so its address survives a restart), stopped and started again with what it stored. */
export interface EngineContainer {
  stop(): Promise<void>
  start(): Promise<void>
  /** The container's output, for a failure's message. */
  logs(): Promise<string>
  destroy(): Promise<void>
}

export interface EngineContainerSpec {
  image: string
  command: string[]
  environment?: Record<string, string>
  /** How long the engine gets to stop cleanly before it is killed. */
  stopTimeoutMs: number
}

export async function startEngineContainer(spec: EngineContainerSpec): Promise<EngineContainer> {
  useSuiteEngine()
  const started: StartedTestContainer = await new GenericContainer(spec.image)
    .withNetworkMode('host')
    .withCommand(spec.command)
    .withEnvironment(spec.environment ?? {})
    .withLabels({ [suiteLabel.key]: suiteLabel.value })
    .start()
  const client = await getContainerRuntimeClient()
  const container = client.container.getById(started.getId())
  return {
    stop: () => client.container.stop(container, { timeout: spec.stopTimeoutMs }),
    start: () => client.container.start(container),
    async logs() {
      const stream = await client.container.logs(container, { follow: false, stdout: true, stderr: true })
      let text = ''
      for await (const chunk of stream) text += String(chunk)
      return text
    },
    async destroy() {
      await client.container.stop(container, { timeout: spec.stopTimeoutMs })
      await client.container.remove(container, { removeVolumes: true })
    },
  }
}
