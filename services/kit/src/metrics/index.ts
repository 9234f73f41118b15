export { metricsFor, ServiceMetrics, type LagSource } from './registry.ts'
export { httpMetrics, isLoopbackPeer, metricsEndpoint, sendMetrics, type RouteLabel } from './http.ts'
export { relayLag } from './lag.ts'
export { startMetricsServer } from './server.ts'
