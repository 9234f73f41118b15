import autocannon from 'autocannon'

export interface LoadResult {
  connections: number
  seconds: number
  /** Requests written to a connection, answered or not. */
  sent: number
  /** Responses with a 2xx status. */
  ok: number
  /** Non-2xx responses, connection errors and timeouts. */
  failed: number
  non2xx: number
  /** Connection errors, timeouts included. */
  errors: number
  timeouts: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
}

export interface LoadOptions {
  url: string
  connections: number
  /** Run for this many seconds… */
  seconds?: number
  /** …or until exactly this many requests were answered. */
  amount?: number
  method?: 'GET' | 'POST'
  /** A request unanswered after this many seconds counts as a timeout (default 30). */
  timeoutSeconds?: number
  /** Changes each request before it is sent (e.g. a different client address per like). */
  setupRequest?: (request: autocannon.Request) => autocannon.Request
}

/** One autocannon run in this process; requests per second are the 2xx answers over the wall-clock time. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now()
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    timeout: options.timeoutSeconds ?? 30,
    requests: [{ method: options.method ?? 'GET', ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}) }],
  })
  const seconds = (performance.now() - started) / 1000
  return {
    connections: options.connections,
    seconds,
    sent: result.requests.sent,
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requestsPerSecond: result['2xx'] / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  }
}
