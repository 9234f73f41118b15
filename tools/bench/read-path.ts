import { startBareReference } from './bare-reference.ts'
import { runLoad, type LoadResult } from './load.ts'
import type { Platform } from './platform.ts'
import type { BenchOptions } from './types.ts'

export const readConnections = [50, 200] as const

export interface ReadPathResult {
  connections: number
  gateway: LoadResult
  bare: LoadResult
  /** Gateway throughput as a share of the bare handler's. */
  ratio: number
}

/**
 * GET /api/public/campaigns/{slug} through the gateway, next to a bare express handler (its own
 * process) answering the same JSON, at each connection count, in the same run.
 */
export async function benchReadPath(platform: Platform, options: BenchOptions): Promise<ReadPathResult[]> {
  const path = `/api/public/campaigns/${platform.campaign.slug}`
  const bare = await startBareReference(platform)
  const seconds = options.quick ? 3 : 10
  try {
    // Warm both (JIT, connection pools) before measuring.
    await runLoad({ url: `${platform.url}${path}`, connections: 50, seconds: 2 })
    await runLoad({ url: bare.url, connections: 50, seconds: 2 })
    const results: ReadPathResult[] = []
    for (const connections of readConnections) {
      const gateway = await options.measure(`lectura-${connections}`, () => runLoad({ url: `${platform.url}${path}`, connections, seconds }))
      const reference = await runLoad({ url: bare.url, connections, seconds })
      const ratio = reference.requestsPerSecond > 0 ? gateway.requestsPerSecond / reference.requestsPerSecond : 0
      options.log(`  lectura ${connections} conexiones: ${gateway.requestsPerSecond.toFixed(0)} req/s (p99 ${gateway.p99Ms} ms) contra ${reference.requestsPerSecond.toFixed(0)} req/s directo (${(ratio * 100).toFixed(0)} %)`)
      results.push({ connections, gateway, bare: reference, ratio })
    }
    return results
  } finally {
    await bare.stop()
  }
}
