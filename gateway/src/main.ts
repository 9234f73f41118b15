import {
  createLogger,
  createSessionAuth,
  metricsFor,
  onShutdownSignals,
  startHttpServer,
  startMetricsServer,
  settingsOrExit,
  type ServiceDirectory,
} from '@donaciones/kit'
import { readDistributedGatewayConfig } from './config.ts'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'
import { perService } from '@donaciones/kit'

/** Distributed mode: the gateway as its own process, in front of the services' URLs. */
const settings = settingsOrExit()
const logger = createLogger('gateway', { level: settings.LOG_LEVEL })
const config = readDistributedGatewayConfig(settings)
const targets = perService((service): ServiceTarget => ({ kind: 'remote', urls: config.serviceUrls[service] }))
const directory: ServiceDirectory = { internalToken: config.internalToken, urlsOf: (service) => config.serviceUrls[service] }
const metrics = metricsFor('gateway')
const app = createGatewayApp({
  targets,
  auth: createSessionAuth(directory),
  logger,
  frontendDir: config.frontendDir,
  publicUrl: config.publicUrl,
  settings,
  trustProxy: config.trustProxy,
  metrics,
  metricsExposure: config.metricsPort === undefined ? 'loopback' : 'separate',
})
const http = await startHttpServer(app, { port: config.port, host: config.host })
const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(metrics.registry, { port: config.metricsPort, host: config.host })
logger.info({ url: http.url, ...(metricsServer ? { metricsUrl: `${metricsServer.url}/metrics` } : {}) }, 'Puerta de enlace escuchando')
onShutdownSignals(async () => {
  await http.close()
  await metricsServer?.close()
}, { logger })
