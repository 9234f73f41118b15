import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers'
import { inject } from 'vitest'
import { waitUntil } from '../../support/processes.ts'

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

/** An engine in a container on the host's network (so its address survives a restart), stopped and started again with what it stored. */
export interface EngineContainer {
  stop(): Promise<void>
  /** Starts it again and waits until it takes connections. */
  start(): Promise<void>
  /** Whether it takes a connection now (false while stopped). */
  answers(): Promise<boolean>
  destroy(): Promise<void>
}

export interface EngineContainerSpec {
  /** Which of the compose file's engine images. */
  engine: 'postgres' | 'nats'
  command: string[]
  environment?: Record<string, string>
  /** How long the engine gets to stop cleanly before it is killed. */
  stopTimeoutMs: number
  /** Connects once: true when the engine answers (it may throw when not). */
  probe: () => Promise<boolean>
  /** What the engine is, for the message when it does not answer in time. */
  what: string
  readyWithinMs: number
}

/** Starts the engine and waits until it answers; a failure carries the end of the container's output. */
export async function startEngineContainer(spec: EngineContainerSpec): Promise<EngineContainer> {
  const context = useSuiteEngine()
  const image = spec.engine === 'postgres' ? context.postgresImage : context.natsImage
  const started: StartedTestContainer = await new GenericContainer(image)
    .withNetworkMode('host')
    .withCommand(spec.command)
    .withEnvironment(spec.environment ?? {})
    .withLabels({ [suiteLabel.key]: suiteLabel.value })
    .start()
  const client = await getContainerRuntimeClient()
  const container = client.container.getById(started.getId())
  const logs = async () => {
    const stream = await client.container.logs(container, { follow: false, stdout: true, stderr: true })
    let text = ''
    for await (const chunk of stream) text += String(chunk)
    return text
  }
  const ready = async () => {
    try {
      await waitUntil(spec.probe, spec.readyWithinMs, spec.what)
    } catch (error) {
      throw new Error(`${String(error)}\n${(await logs()).slice(-2_000)}`)
    }
  }
  await ready()
  return {
    stop: () => client.container.stop(container, { timeout: spec.stopTimeoutMs }),
    async start() {
      await client.container.start(container)
      await ready()
    },
    answers: () => spec.probe().catch(() => false),
    async destroy() {
      await client.container.stop(container, { timeout: spec.stopTimeoutMs })
      await client.container.remove(container, { removeVolumes: true })
    },
  }
}
