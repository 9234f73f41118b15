// Container health check: GET http://127.0.0.1:$PORT$HEALTH_PATH (default /healthz), exit 0 on 2xx.
/* global fetch, AbortSignal */
const port = process.env.PORT ?? '3000'
const path = process.env.HEALTH_PATH ?? '/healthz'
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2500) })
  process.exit(response.ok ? 0 : 1)
} catch {
  process.exit(1)
}
