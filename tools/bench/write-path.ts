import type autocannon from 'autocannon'
import { runLoad } from './load.ts'
import type { Platform } from './platform.ts'
import type { BenchOptions } from './types.ts'

export const writeConnections = 50

export interface WriteResult {
  kind: 'visits' | 'likes'
  sent: number
  ok: number
  failed: number
  seconds: number
  incrementsPerSecond: number
  p99Ms: number
  /** How much the campaign's public total grew. */
  counted: number
  exact: boolean
}

async function totals(platform: Platform): Promise<{ visits: number; likes: number }> {
  const response = await fetch(`${platform.url}/api/public/campaigns/${platform.campaign.slug}`)
  if (!response.ok) throw new Error(`La campaña pública no respondió: ${response.status}`)
  const { visits, likes } = (await response.json()) as { visits: number; likes: number }
  return { visits, likes }
}

/**
 * A like is limited per client (5 per campaign and hour, keyed by user or by address). The gateway
 * and the services trust X-Forwarded-For from loopback, so each like claims an address of its own:
 * as many legitimate likes as there are distinct clients.
 */
function distinctClient(): (request: autocannon.Request) => autocannon.Request {
  let next = 0
  return (request) => {
    next += 1
    const address = `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`
    return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } }
  }
}

async function benchIncrements(platform: Platform, kind: WriteResult['kind'], options: BenchOptions): Promise<WriteResult> {
  const url = `${platform.url}/api/public/campaigns/${platform.campaign.slug}/${kind === 'visits' ? 'visit' : 'like'}`
  const seconds = options.quick ? 3 : 10
  const clients = distinctClient()
  const load = (amount?: number) =>
    runLoad({
      url,
      method: 'POST',
      connections: writeConnections,
      ...(amount === undefined ? { seconds: 2 } : { amount }),
      // Each request from an address of its own: one address counts one visit per campaign and five likes.
      setupRequest: clients,
    })
  // A timed run cuts requests in flight, so the measured run sends a fixed number sized from a short one.
  // A first short run warms up (code paths compiled on first use, connections, what the spike left
  // queued), so the sizing run is not the cold start's rate.
  await load()
  const calibration = await load()
  const amount = Math.min(30_000, Math.max(200, Math.round(calibration.requestsPerSecond * seconds)))
  await new Promise((done) => setTimeout(done, 1000))
  const before = await totals(platform)
  const result = await options.measure(kind, () => load(amount))
  const after = await totals(platform)
  const counted = after[kind] - before[kind]
  return {
    kind,
    sent: amount,
    ok: result.ok,
    failed: result.failed,
    seconds: result.seconds,
    incrementsPerSecond: result.requestsPerSecond,
    p99Ms: result.p99Ms,
    counted,
    exact: counted === amount && result.ok === amount,
  }
}

/** POST …/visit and …/like with 50 connections for about `seconds`: increments per second and exact totals. */
export async function benchWritePath(platform: Platform, options: BenchOptions): Promise<WriteResult[]> {
  const results: WriteResult[] = []
  for (const kind of ['visits', 'likes'] as const) {
    const result = await benchIncrements(platform, kind, options)
    options.log(`  ${kind}: ${result.incrementsPerSecond.toFixed(0)}/s, ${result.counted} contados de ${result.sent} enviados (${result.exact ? 'OK' : 'MISMATCH'})`)
    results.push(result)
  }
  return results
}
