/** Checks of the Kubernetes manifests (deploy/k8s) and the NATS cluster (deploy/nats) against the code. */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { readServiceProcessConfig, readSettings } from '@donaciones/kit'
import { imageTarget, type Dockerfile } from '../../../tools/deploy/dockerfile.ts'
import { imageBuildFor, imageOf } from './images.ts'
import { busDuplicateWindowMs, processNames, projectionsOf, readProcessConfig, rootScript, serviceNames, type ProcessConfig, type ProcessName } from './platform.ts'
import { arr, obj, secretPlaceholder, str, type Doc } from './values.ts'

export interface Manifest {
  file: string
  doc: Doc
}

export function loadManifests(root: string, directories: readonly string[]): Manifest[] {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry)
      return statSync(path).isDirectory() ? files(path) : /\.ya?ml$/.test(entry) ? [path] : []
    })
  return directories.flatMap((dir) =>
    files(join(root, dir)).flatMap((path) =>
      parseAllDocuments(readFileSync(path, 'utf8')).map((document) => {
        if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0]!.message}`)
        return { file: relative(root, path), doc: obj(document.toJS()) }
      }),
    ),
  )
}

function find(manifests: readonly Manifest[], kind: string, name: string): Doc | undefined {
  return manifests.find(({ doc }) => doc.kind === kind && obj(doc.metadata).name === name)?.doc
}

function podSpec(workload: Doc): Doc {
  return obj(obj(obj(workload.spec).template).spec)
}

function firstContainer(workload: Doc): Doc {
  return obj(arr(podSpec(workload).containers)[0])
}

/** The container's environment as Kubernetes builds it: envFrom ConfigMaps/Secrets, then env (which wins). */
function containerEnv(container: Doc, manifests: readonly Manifest[], problems: string[], where: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const source of arr(container.envFrom).map(obj)) {
    const configMap = str(obj(source.configMapRef).name)
    const secret = str(obj(source.secretRef).name)
    if (configMap) {
      const found = find(manifests, 'ConfigMap', configMap)
      if (!found) problems.push(`${where}: ConfigMap ${configMap} not found`)
      for (const [name, value] of Object.entries(obj(found?.data))) env[name] = str(value) ?? ''
    }
    if (secret) {
      const found = find(manifests, 'Secret', secret)
      if (!found) problems.push(`${where}: Secret ${secret} not found`)
      for (const name of Object.keys({ ...obj(found?.stringData), ...obj(found?.data) })) env[name] = secretPlaceholder
    }
  }
  for (const entry of arr(container.env).map(obj)) {
    const name = str(entry.name) ?? ''
    const secretRef = obj(obj(entry.valueFrom).secretKeyRef)
    if (entry.value !== undefined) env[name] = str(entry.value) ?? ''
    else if (secretRef.name) {
      const secret = find(manifests, 'Secret', str(secretRef.name) ?? '')
      const key = str(secretRef.key) ?? ''
      if (!secret || !(key in { ...obj(secret.stringData), ...obj(secret.data) })) problems.push(`${where}: ${name} refers to ${String(secretRef.name)}/${key}, which no Secret declares`)
      else env[name] = secretPlaceholder
    }
  }
  return env
}

/** A probe's or Service's port: a number or the name of one of the container's ports. */
function resolvePort(port: unknown, container: Doc): number | undefined {
  if (typeof port === 'number') return port
  const named = arr(container.ports).map(obj).find((candidate) => candidate.name === port)
  return typeof named?.containerPort === 'number' ? named.containerPort : undefined
}

function matchesSelector(selector: Doc, labels: Doc): boolean {
  const entries = Object.entries(selector)
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value)
}

export async function k8sProblems(manifests: readonly Manifest[], dockerfile: Dockerfile): Promise<string[]> {
  const problems: string[] = []
  const configs = new Map<ProcessName, ProcessConfig>()
  const addresses = new Map<ProcessName, { host: string; port: number }>()
  for (const name of processNames) {
    const deployment = find(manifests, 'Deployment', name)
    if (!deployment) {
      problems.push(`k8s: no Deployment "${name}"`)
      continue
    }
    const container = firstContainer(deployment)
    const where = `k8s Deployment ${name}`
    if (!str(container.image)?.startsWith(`donaciones/${name}:`)) problems.push(`${where}: image ${String(container.image)} is not donaciones/${name}`)
    const env = { ...imageOf(dockerfile, imageBuildFor(name)).env, ...containerEnv(container, manifests, problems, where) }
    let config: ProcessConfig
    try {
      config = await readProcessConfig(name, env)
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`)
      continue
    }
    configs.set(name, config)
    if (config.host !== '0.0.0.0') problems.push(`${where}: listens on ${config.host}, unreachable from the pod network`)
    const containerPorts = arr(container.ports).map((port) => obj(port).containerPort)
    if (!containerPorts.includes(config.port)) problems.push(`${where}: container ports ${containerPorts.join(',')} do not include ${config.port}, where the process listens`)
    if (config.metricsPort !== undefined && !containerPorts.includes(config.metricsPort)) problems.push(`${where}: METRICS_PORT ${config.metricsPort} is not a container port`)
    for (const [probe, path] of [['readinessProbe', '/readyz'], ['livenessProbe', '/healthz']] as const) {
      const httpGet = obj(obj(container[probe]).httpGet)
      if (httpGet.path !== path || resolvePort(httpGet.port, container) !== config.port) problems.push(`${where}: ${probe} is not ${path} on port ${config.port}`)
    }
    const requests = obj(obj(container.resources).requests)
    if (!requests.cpu || !requests.memory) problems.push(`${where}: no cpu and memory requests`)
    if (obj(podSpec(deployment).securityContext).runAsNonRoot !== true) problems.push(`${where}: may run as root`)

    const service = find(manifests, 'Service', name)
    const servicePort = obj(arr(obj(service?.spec).ports)[0])
    const labels = obj(obj(obj(obj(deployment.spec).template).metadata).labels)
    if (!service || !matchesSelector(obj(obj(service.spec).selector), labels) || resolvePort(servicePort.targetPort ?? servicePort.port, container) !== config.port) {
      problems.push(`k8s: no Service "${name}" in front of the Deployment's port ${config.port}`)
    } else {
      addresses.set(name, { host: name, port: Number(servicePort.port) })
    }
  }
  for (const [name, config] of configs) {
    for (const target of serviceNames) {
      const address = addresses.get(target)
      for (const url of config.serviceUrls[target]) {
        const parsed = new URL(url)
        if (!address || parsed.hostname !== address.host || Number(parsed.port || 80) !== address.port) problems.push(`k8s ${name}: ${target} at ${url}, but its Service is ${address?.host}:${address?.port}`)
      }
    }
  }
  return [...problems, ...autoscalerProblems(manifests), ...jobProblems(manifests, dockerfile, addresses)]
}

/** The issue asks for autoscaling of exactly these three. */
export const autoscaled = ['campaign', 'donation', 'gateway']

function autoscalerProblems(manifests: readonly Manifest[]): string[] {
  const problems: string[] = []
  const targets = manifests.filter(({ doc }) => doc.kind === 'HorizontalPodAutoscaler').map(({ doc }) => obj(obj(doc.spec).scaleTargetRef))
  const names = targets.map((target) => str(target.name) ?? '').sort()
  if (JSON.stringify(names) !== JSON.stringify(autoscaled)) problems.push(`k8s: HorizontalPodAutoscalers target ${names.join(', ')}, not ${autoscaled.join(', ')}`)
  for (const target of targets) if (target.kind !== 'Deployment' || !find(manifests, 'Deployment', str(target.name) ?? '')) problems.push(`k8s: HPA target ${String(target.name)} is not a Deployment`)
  return problems
}

function jobProblems(manifests: readonly Manifest[], dockerfile: Dockerfile, addresses: Map<ProcessName, { host: string; port: number }>): string[] {
  const problems: string[] = []
  for (const script of ['replay', 'reconcile']) {
    const job = find(manifests, 'Job', script)
    if (!job) {
      problems.push(`k8s: no Job "${script}"`)
      continue
    }
    const container = firstContainer(job)
    const command = [...arr(container.command), ...arr(container.args)].map(String)
    const expected = rootScript(script)
    if (JSON.stringify(command.slice(0, expected.length)) !== JSON.stringify(expected)) problems.push(`k8s Job ${script}: runs ${command.join(' ')}, package.json runs ${expected.join(' ')}`)
    if (!str(container.image)?.startsWith('donaciones/jobs:')) problems.push(`k8s Job ${script}: image ${String(container.image)} is not donaciones/jobs (the image with the platform package)`)
    const env = { ...imageTarget(dockerfile, 'jobs').env, ...containerEnv(container, manifests, problems, `k8s Job ${script}`) }
    if (!env.DATABASE_URL) problems.push(`k8s Job ${script}: no DATABASE_URL (it would fall back to an embedded database in the pod)`)
    if (script === 'replay') {
      const [service, projection] = command.slice(expected.length)
      if (!projectionsOf(service ?? '').includes(projection ?? '')) problems.push(`k8s Job replay: "${service} ${projection}" is not a projection of the platform`)
    } else {
      // reconcile runs the donation service's code against its database and its peers.
      try {
        const config = readServiceProcessConfig('donation', readSettings(env))
        for (const target of serviceNames) {
          const address = addresses.get(target)
          for (const url of config.serviceUrls[target]) if (new URL(url).hostname !== address?.host || Number(new URL(url).port) !== address.port) problems.push(`k8s Job reconcile: ${target} at ${url}`)
        }
      } catch (error) {
        problems.push(`k8s Job reconcile: ${(error as Error).message}`)
      }
    }
  }
  return problems
}

/** The 3-node JetStream cluster and its replicated stream, against the bus's settings in the ConfigMap. */
export function natsProblems(manifests: readonly Manifest[]): string[] {
  const problems: string[] = []
  const sharedEnv = { ...Object.fromEntries(Object.entries(obj(find(manifests, 'ConfigMap', 'donaciones-config')?.data)).map(([name, value]) => [name, str(value) ?? ''])) }
  const bus = readServiceProcessConfig('audit', readSettings({ ...sharedEnv, DATABASE_URL: secretPlaceholder, INTERNAL_TOKEN: secretPlaceholder }))
  const natsUrl = new URL(bus.natsUrl)
  const client = find(manifests, 'Service', natsUrl.hostname)
  const statefulSet = manifests.find(({ doc }) => doc.kind === 'StatefulSet' && matchesSelector(obj(obj(client?.spec).selector), obj(obj(obj(obj(doc.spec).template).metadata).labels)))?.doc
  if (!client || !statefulSet) return [`nats: no Service ${natsUrl.hostname} in front of a StatefulSet (NATS_URL ${bus.natsUrl})`]
  const spec = obj(statefulSet.spec)
  const name = str(obj(statefulSet.metadata).name) ?? ''
  const container = firstContainer(statefulSet)
  const clientPort = obj(arr(obj(client.spec).ports).map(obj).find((port) => Number(port.port) === Number(natsUrl.port || 4222)))
  if (resolvePort(clientPort.targetPort ?? clientPort.port, container) !== 4222) problems.push(`nats: Service ${natsUrl.hostname} does not reach the client port`)
  if (spec.replicas !== 3) problems.push(`nats: StatefulSet has ${String(spec.replicas)} replicas, not 3`)
  if (bus.natsStreamReplicas !== 3) problems.push(`nats: services would create the stream with ${bus.natsStreamReplicas} replica(s) (NATS_STREAM_REPLICAS), not 3`)
  const headless = find(manifests, 'Service', str(spec.serviceName) ?? '')
  if (obj(headless?.spec).clusterIP !== 'None') problems.push(`nats: serviceName ${String(spec.serviceName)} is not a headless Service`)
  const configMapName = str(obj(arr(podSpec(statefulSet).volumes).map(obj).find((volume) => obj(volume.configMap).name)?.configMap).name) ?? ''
  const conf = Object.values(obj(find(manifests, 'ConfigMap', configMapName)?.data)).map(String).join('\n')
  const routes = [...(/routes\s*[:=]?\s*\[([^\]]*)\]/.exec(conf)?.[1] ?? '').matchAll(/nats-route:\/\/([^\s,:]+):(\d+)|nats:\/\/([^\s,:]+):(\d+)/g)].map((match) => ({ host: match[1] ?? match[3] ?? '', port: Number(match[2] ?? match[4]) }))
  const clusterPort = resolvePort('cluster', container)
  const expectedHosts = [0, 1, 2].map((index) => `${name}-${index}.${String(spec.serviceName)}`)
  if (routes.length !== 3 || !routes.every((route, index) => route.host.startsWith(expectedHosts[index]!) && route.port === clusterPort)) problems.push(`nats: cluster routes ${JSON.stringify(routes)} are not the 3 pods ${expectedHosts.join(', ')} on port ${clusterPort}`)
  if (!/jetstream\s*[:=]?\s*\{[^}]*store_dir/.test(conf)) problems.push('nats: JetStream has no store_dir')
  const storeDir = /store_dir\s*[:=]?\s*"?([^\s"]+)/.exec(conf)?.[1]
  const claims = arr(spec.volumeClaimTemplates).map((claim) => str(obj(obj(claim).metadata).name))
  const mounted = arr(container.volumeMounts).map(obj).find((mount) => mount.mountPath === storeDir)
  if (!mounted || !claims.includes(str(mounted.name))) problems.push(`nats: JetStream store ${storeDir} is not on a persistent volume`)
  const streamJob = manifests.find(({ doc }) => doc.kind === 'Job' && /stream add/.test(JSON.stringify(obj(doc.spec))))?.doc
  const script = arr(firstContainer(streamJob ?? {}).args).concat(arr(firstContainer(streamJob ?? {}).command)).map(String).join(' ')
  const window = /--dupe-window[= ](\d+)(m|s)\b/.exec(script)
  const windowMs = window ? Number(window[1]) * (window[2] === 'm' ? 60_000 : 1000) : undefined
  if (!new RegExp(`stream add ${bus.natsStream}\\b`).test(script)) problems.push(`nats: no Job creates the stream ${bus.natsStream}`)
  else {
    if (!/--replicas[= ]3\b/.test(script)) problems.push('nats: the stream is not created with 3 replicas')
    if (!script.includes(`--subjects '${bus.subjectPrefix}.>'`)) problems.push(`nats: the stream does not take ${bus.subjectPrefix}.>`)
    if (windowMs !== busDuplicateWindowMs()) problems.push(`nats: duplicate window ${String(windowMs)} ms, the bus expects ${busDuplicateWindowMs()} ms (it would rewrite the stream)`)
  }
  return problems
}
