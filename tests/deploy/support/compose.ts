/** Checks of docker-compose.yml against the code's services, ports, health checks and configuration. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { natsServerList, readServiceProcessConfig, readSettings } from '@donaciones/kit'
import { repositoryRoot } from '@donaciones/gateway'
import { commandOf, imageTarget, type Dockerfile } from '../../../tools/deploy/dockerfile.ts'
import { imageBuildFor, imageOf } from './images.ts'
import { processNames, readProcessConfig, serviceNames, type ProcessConfig, type ProcessName } from './platform.ts'
import { arr, obj, secretPlaceholder, str, type Doc } from './values.ts'

/** Compose interpolation: `${X:?…}` is a value the operator must give (a placeholder here), `${X:-d}` its default. */
export function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::?\?[^}]*)\}/g, () => secretPlaceholder)
    .replace(/\$\{(\w+):?-([^}]*)\}/g, (_all, _name: string, fallback: string) => fallback)
    .replace(/\$\{(\w+)\}/g, '')
    .replace(/\$\$/g, '$')
}

function environmentOf(service: Doc): Record<string, string> {
  const environment = service.environment
  const entries: [string, string][] = Array.isArray(environment)
    ? environment.map((line) => {
        const [name, ...rest] = String(line).split('=')
        return [name ?? '', rest.join('=')]
      })
    : Object.entries(obj(environment)).map(([name, value]) => [name, str(value) ?? ''])
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value)]))
}

/** A NATS server's command-line flag value (`--routes a,b` → `a,b`). */
function flag(command: readonly string[], name: string): string | undefined {
  const index = command.indexOf(name)
  return index >= 0 ? command[index + 1] : undefined
}

function healthUrl(service: Doc): URL | undefined {
  const match = /http:\/\/127\.0\.0\.1:\d+\/\w+/.exec(arr(obj(service.healthcheck).test).join(' '))
  return match ? new URL(match[0]) : undefined
}

export async function composeProblems(compose: Doc, dockerfile: Dockerfile): Promise<string[]> {
  const problems: string[] = []
  const services = obj(compose.services)
  const configs = new Map<ProcessName, ProcessConfig>()
  for (const name of processNames) {
    const service = obj(services[name])
    if (!services[name]) {
      problems.push(`compose: no service "${name}"`)
      continue
    }
    const build = obj(service.build)
    const expected = imageBuildFor(name)
    if (str(build.target) !== expected.target || JSON.stringify(obj(build.args)) !== JSON.stringify(expected.args)) problems.push(`compose ${name}: build is not target ${expected.target} with ${JSON.stringify(expected.args)}`)
    if (service.container_name !== undefined) problems.push(`compose ${name}: container_name prevents --scale`)
    if (name !== 'gateway' && service.ports !== undefined) problems.push(`compose ${name}: host ports prevent --scale`)
    if (service.profiles !== undefined) problems.push(`compose ${name}: only runs under a profile`)
    const dependsOn = Array.isArray(service.depends_on) ? service.depends_on.map(String) : Object.keys(obj(service.depends_on))
    const env = { ...imageOf(dockerfile, expected).env, ...environmentOf(service) }
    let config: ProcessConfig
    try {
      config = await readProcessConfig(name, env)
    } catch (error) {
      problems.push(`compose ${name}: ${(error as Error).message}`)
      continue
    }
    configs.set(name, config)
    if (config.host !== '0.0.0.0') problems.push(`compose ${name}: listens on ${config.host}, unreachable from other containers`)
    const health = healthUrl(service)
    if (!health || Number(health.port) !== config.port || !['/healthz', '/readyz'].includes(health.pathname)) problems.push(`compose ${name}: health check ${health?.href ?? 'missing'} is not /healthz or /readyz on port ${config.port}`)
    if (name !== 'gateway') {
      for (const dependency of ['postgres', 'nats']) if (!dependsOn.includes(dependency)) problems.push(`compose ${name}: does not depend on ${dependency}`)
      for (const [variable, host] of [['databaseUrl', 'postgres'], ['natsUrl', 'nats']] as const) {
        const url = config[variable]
        if (!url || new URL(url).hostname !== host || !services[host]) problems.push(`compose ${name}: ${variable} ${url} is not the compose service ${host}`)
      }
    }
  }
  for (const [name, config] of configs) {
    for (const target of serviceNames) {
      for (const url of config.serviceUrls[target]) {
        const parsed = new URL(url)
        if (parsed.hostname !== target || Number(parsed.port) !== configs.get(target)?.port) problems.push(`compose ${name}: ${target} at ${url}, but compose runs it as ${target}:${configs.get(target)?.port}`)
      }
    }
  }
  const nats = obj(services.nats)
  const natsCommand = arr(nats.command).map(String)
  const storeDir = flag(natsCommand, '-sd')
  if (!natsCommand.includes('-js') || !storeDir || !arr(nats.volumes).some((volume) => String(volume).endsWith(`:${storeDir}`))) problems.push('compose nats: JetStream (-js) is not stored on a volume')
  const jobs = obj(services.jobs)
  if (str(obj(jobs.build).target) !== 'jobs' || arr(jobs.profiles).length === 0) problems.push('compose jobs: not the jobs image under a profile of its own')
  else {
    try {
      const config = readServiceProcessConfig('donation', readSettings({ ...imageTarget(dockerfile, 'jobs').env, ...environmentOf(jobs) }))
      if (new URL(config.databaseUrl).hostname !== 'postgres') problems.push(`compose jobs: DATABASE_URL ${config.databaseUrl} is not the compose service postgres`)
    } catch (error) {
      problems.push(`compose jobs: ${(error as Error).message}`)
    }
  }
  const sim = obj(services['provider-sim'])
  if (!arr(sim.profiles).includes('demo')) problems.push('compose provider-sim: not under the demo profile')
  const simImage = imageTarget(dockerfile, str(obj(sim.build).target) ?? '')
  const simEntry = commandOf(simImage.cmd, simImage.env)[1]
  if (simEntry !== 'tools/provider-sim/main.ts' || !existsSync(join(repositoryRoot, simEntry))) problems.push(`compose provider-sim: runs ${simEntry}`)
  return problems
}

/**
 * docker-compose.nats-cluster.yml over docker-compose.yml: three JetStream nodes of the base file's
 * NATS image, routed to each other in one cluster, each storing on a volume of its own; every
 * service that uses the bus lists the three nodes, waits for them and makes the stream with 3 copies.
 */
export async function natsClusterProblems(base: Doc, cluster: Doc, dockerfile: Dockerfile): Promise<string[]> {
  const problems: string[] = []
  const baseServices = obj(base.services)
  const clusterServices = obj(cluster.services)
  const natsImage = str(obj(baseServices.nats).image)
  const nodes = Object.entries(clusterServices).filter(([name, service]) => (str(obj(service).image) ?? str(obj(baseServices[name]).image)) === natsImage)
  const nodeNames = nodes.map(([name]) => name).sort()
  if (nodes.length !== 3 || !nodeNames.includes('nats')) problems.push(`nats cluster: nodes ${nodeNames.join(', ')}, not nats and two more of ${natsImage}`)
  const routes = nodeNames.map((name) => `nats://${name}:6222`).sort()
  const serverNames = new Set<string>()
  const stores = new Set<string>()
  for (const [name, service] of nodes) {
    const command = arr(obj(service).command).map(String)
    if (!command.includes('-js')) problems.push(`nats cluster ${name}: no JetStream (-js)`)
    if (flag(command, '--cluster_name') !== 'donaciones') problems.push(`nats cluster ${name}: cluster name ${flag(command, '--cluster_name')}, not donaciones (deploy/nats)`)
    if (flag(command, '--cluster') !== 'nats://0.0.0.0:6222') problems.push(`nats cluster ${name}: does not listen for routes on 6222`)
    const nodeRoutes = (flag(command, '--routes') ?? '').split(',').sort()
    if (JSON.stringify(nodeRoutes) !== JSON.stringify(routes)) problems.push(`nats cluster ${name}: routes ${nodeRoutes.join(',')}, not ${routes.join(',')}`)
    serverNames.add(flag(command, '--name') ?? '')
    const storeDir = flag(command, '-sd')
    const volumes = arr(obj(service).volumes ?? obj(baseServices[name]).volumes).map(String)
    const store = volumes.find((volume) => volume.endsWith(`:${storeDir}`))?.split(':')[0]
    if (!store) problems.push(`nats cluster ${name}: JetStream (${storeDir}) is not stored on a volume`)
    else stores.add(store)
    if (!arr(obj(obj(service).healthcheck).test).join(' ').includes(':8222/healthz')) problems.push(`nats cluster ${name}: no /healthz check`)
  }
  if (serverNames.size !== nodes.length || serverNames.has('')) problems.push('nats cluster: the nodes do not have a server name each (--name)')
  if (stores.size !== nodes.length) problems.push('nats cluster: the nodes share a JetStream volume')
  for (const name of [...serviceNames, 'jobs']) {
    const service = obj(clusterServices[name])
    const env = { ...imageTarget(dockerfile, name === 'jobs' ? 'jobs' : 'service').env, ...environmentOf(obj(baseServices[name])), ...environmentOf(service) }
    try {
      const config = readServiceProcessConfig(name === 'jobs' ? 'donation' : (name as (typeof serviceNames)[number]), readSettings(env))
      const hosts = natsServerList(config.natsUrl).map((server) => new URL(server)).map((url) => `${url.hostname}:${url.port}`).sort()
      if (JSON.stringify(hosts) !== JSON.stringify(nodeNames.map((node) => `${node}:4222`).sort())) problems.push(`nats cluster ${name}: NATS_URL ${config.natsUrl} does not list the nodes ${nodeNames.join(', ')}`)
      if (config.natsStreamReplicas !== 3) problems.push(`nats cluster ${name}: would make the stream with ${config.natsStreamReplicas} replica(s), not 3`)
    } catch (error) {
      problems.push(`nats cluster ${name}: ${(error as Error).message}`)
    }
    const dependsOn = Object.keys(obj(service.depends_on))
    for (const node of nodeNames) if (!dependsOn.includes(node)) problems.push(`nats cluster ${name}: does not wait for ${node}`)
  }
  return problems
}
