import { resolve } from 'node:path'
import { frontendDirFromEnv, metricsPortFromEnv, portFromEnv, publicUrlFromEnv } from '@donaciones/gateway'

export interface EmbeddedConfig {
  port: number
  host: string
  dataDir: string
  frontendDir: string
  publicUrl: string
  metricsPort?: number
}

/** `npm start`'s settings: PORT, HOST, DATA_DIR, FRONTEND_DIR, PUBLIC_URL, METRICS_PORT. */
export function readEmbeddedConfig(env = process.env): EmbeddedConfig {
  const listenPort = portFromEnv(env.PORT, 3000)
  return {
    port: listenPort,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    frontendDir: frontendDirFromEnv(env),
    publicUrl: publicUrlFromEnv(env, listenPort),
    ...metricsPortFromEnv(env),
  }
}
