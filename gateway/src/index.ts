export { createGatewayApp, gatewayRouteLabel, mayReadGatewayMetrics, type GatewayOptions, type ServiceTarget } from './gateway-app.ts'
export { readDistributedGatewayConfig, type DistributedGatewayConfig, repositoryRoot } from './config.ts'
export { routeTable, type GatewayRoute } from './route-table.ts'
export { encodePng, type Rgba } from './png.ts'
