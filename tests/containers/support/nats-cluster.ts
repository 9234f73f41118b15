import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { repositoryRoot } from '../../../tools/containers/install-shell.ts'
import type { Stack } from '../../../tools/containers/stack.ts'

interface ClusterCompose {
  services: Record<string, { command?: string[] }>
}

/** The NATS nodes of docker-compose.nats-cluster.yml: compose service → the server name its `--name` gives it. */
export const clusterNodes: Record<string, string> = Object.fromEntries(
  Object.entries((parse(readFileSync(join(repositoryRoot, 'docker-compose.nats-cluster.yml'), 'utf8'), { merge: true }) as ClusterCompose).services).flatMap(([service, { command = [] }]) => {
    const name = command[command.indexOf('--name') + 1]
    return command.includes('--name') && name ? [[service, name]] : []
  }),
)

export interface StreamPlacement {
  stream: string
  replicas: number
  leader: string
  /** The servers holding the other copies, as the node asked sees them (the leader knows whether each is current). */
  peers: { name: string; current: boolean }[]
}

interface JszStream {
  name: string
  config?: { num_replicas?: number }
  cluster?: { leader?: string; replicas?: { name: string; current: boolean }[] }
}
interface Jsz {
  account_details?: { stream_detail?: JszStream[] }[]
}

/** Where each stream lives, as a node's monitoring port (8222, `/jsz`) tells it. */
export async function streamPlacements(stack: Stack, service = 'nats'): Promise<StreamPlacement[]> {
  const node = await stack.one(service)
  const response = await fetch(`http://${await stack.address(node.id)}:8222/jsz?streams=true&config=true`, { signal: AbortSignal.timeout(5_000) })
  if (!response.ok) throw new Error(`/jsz de ${service} respondió ${response.status}`)
  const jsz = (await response.json()) as Jsz
  return (jsz.account_details ?? []).flatMap((account) =>
    (account.stream_detail ?? []).map((stream) => ({
      stream: stream.name,
      replicas: stream.config?.num_replicas ?? 0,
      leader: stream.cluster?.leader ?? '',
      peers: stream.cluster?.replicas ?? [],
    })),
  )
}

/** The one stream, as its leader sees it (asked twice: any node names the leader, the leader knows its followers). */
export async function streamFromItsLeader(stack: Stack): Promise<StreamPlacement> {
  const [named, ...others] = await streamPlacements(stack)
  if (!named || others.length > 0) throw new Error(`Se esperaba un stream de eventos, hay ${others.length + (named ? 1 : 0)}`)
  const [seen] = (await streamPlacements(stack, serviceOfNode(named.leader))).filter((placement) => placement.stream === named.stream)
  if (!seen || seen.leader !== named.leader) throw new Error(`El líder del stream ${named.stream} cambió mientras se preguntaba`)
  return seen
}

/** The compose service running the server `name`. */
export function serviceOfNode(name: string): string {
  const service = Object.entries(clusterNodes).find(([, server]) => server === name)?.[0]
  if (!service) throw new Error(`Ningún servicio de compose corre el nodo NATS ${name}`)
  return service
}
