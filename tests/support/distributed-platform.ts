import { randomBytes } from 'node:crypto'
import { serviceNames, type ServiceName } from '@donaciones/contracts'
import { createNatsBus, createPgDatabase, ident } from '@donaciones/kit'
import { distinctFreePorts, isolatedPlatformEnv, runScript, waitForHttp, type RunningProcess } from './processes.ts'

/** One service process of the platform, on a fixed port so it can be restarted where the gateway expects it. */
export interface ServiceReplica {
  service: ServiceName
  url: string
  process: RunningProcess
  /** SIGKILL: no shutdown hook runs, as in a crash. */
  kill(): Promise<void>
  restart(): Promise<void>
}

/** Every process's environment: the isolated engines' settings (always there) and the rest. */
export type PlatformEnv = ReturnType<typeof isolatedPlatformEnv> & Record<string, string>

export interface DistributedPlatform {
  gatewayUrl: string
  env: PlatformEnv
  replicas: ServiceReplica[]
  schemaOf(service: ServiceName): string
  stop(): Promise<void>
  /** After `stop` on shared engines: drops the platform's schemas and its stream. */
  removeData(): Promise<void>
}

export interface PlatformOptions {
  databaseUrl: string
  natsUrl: string
  /** Services that run twice, both behind the gateway's round robin. */
  doubled?: readonly ServiceName[]
  /** More environment for every process (e.g. the payment providers' URLs). */
  env?: Record<string, string>
  /** Names the schemas, stream and subjects (default a random `platform_…`). */
  prefix?: string
}

/** One service as its own process, ready once `/readyz` answers; a failed start throws with its output. */
export async function startServiceProcess(service: ServiceName, port: number, env: Record<string, string>): Promise<ServiceReplica> {
  const url = `http://127.0.0.1:${port}`
  const launch = async () => {
    const child = runScript(`services/${service}/src/main.ts`, [], { ...env, PORT: String(port) })
    await waitForHttp(`${url}/readyz`, 90_000, child)
    return child
  }
  const replica: ServiceReplica = {
    service,
    url,
    process: await launch(),
    async kill() {
      await replica.process.stop('SIGKILL')
    },
    async restart() {
      replica.process = await launch()
    },
  }
  return replica
}

/** Every service as its own process and the gateway in front, as in production's distributed mode. */
export async function startDistributedPlatform(options: PlatformOptions): Promise<DistributedPlatform> {
  const prefix = options.prefix ?? `platform_${randomBytes(4).toString('hex')}`
  const doubled = new Set(options.doubled ?? [])
  const counts = serviceNames.map((service) => (doubled.has(service) ? 2 : 1))
  const [gatewayPort = 0, ...servicePorts] = await distinctFreePorts(1 + counts.reduce((sum, count) => sum + count, 0))
  const ports = new Map<ServiceName, number[]>()
  for (const [index, service] of serviceNames.entries()) ports.set(service, servicePorts.splice(0, counts[index] ?? 1))
  const urls = Object.fromEntries(
    serviceNames.map((service) => [`${service.toUpperCase()}_URL`, (ports.get(service) ?? []).map((port) => `http://127.0.0.1:${port}`).join(',')]),
  )
  const isolated = isolatedPlatformEnv(prefix, options)
  const env: PlatformEnv = {
    ...isolated,
    ...urls,
    ...options.env,
  }
  const replicas: ServiceReplica[] = []
  let gateway: RunningProcess | undefined
  const platform: DistributedPlatform = {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    env,
    replicas,
    schemaOf: (service) => `${prefix}_${service}`,
    async stop() {
      await gateway?.stop()
      await Promise.all(replicas.map((replica) => replica.process.stop()))
    },
    async removeData() {
      const bus = await createNatsBus({ servers: isolated.NATS_URL, stream: isolated.NATS_STREAM, subjectPrefix: isolated.EVENT_SUBJECT_PREFIX })
      await bus.deleteStream().catch(() => undefined)
      await bus.close()
      const db = createPgDatabase({ connectionString: isolated.DATABASE_URL, max: 1 })
      for (const service of serviceNames) await db.exec(`drop schema if exists ${ident(platform.schemaOf(service))} cascade`)
      await db.close()
    },
  }
  try {
    // Two at a time: enough to start quickly without starving a two-core machine.
    const pending = serviceNames.flatMap((service) => (ports.get(service) ?? []).map((port) => ({ service, port })))
    while (pending.length > 0) {
      const pair = pending.splice(0, 2)
      replicas.push(...(await Promise.all(pair.map(({ service, port }) => startServiceProcess(service, port, env)))))
    }
    gateway = runScript('gateway/src/main.ts', [], { ...env, PORT: String(gatewayPort) })
    await waitForHttp(`${platform.gatewayUrl}/healthz`, 60_000, gateway)
  } catch (error) {
    await platform.stop()
    throw error
  }
  return platform
}
