import { createLogger, createTokenVerifier, onShutdownSignals, startHttpServer } from '@donaciones/kit'
import { readDistributedGatewayConfig } from './config.ts'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'
import { perService } from './service-record.ts'

/** Distributed mode: the gateway as its own process, in front of the services' URLs. */
const logger = createLogger('gateway')
const config = readDistributedGatewayConfig()
const targets = perService((service): ServiceTarget => ({ kind: 'remote', urls: config.serviceUrls[service] }))
const verifier = createTokenVerifier({ jwks: new URL('/api/auth/jwks', config.serviceUrls.identity[0]) })
const app = createGatewayApp({ targets, verifier, logger, frontendDir: config.frontendDir })
const http = await startHttpServer(app, { port: config.port, host: config.host })
logger.info({ url: http.url }, 'Puerta de enlace escuchando')
onShutdownSignals(() => http.close(), { logger })
