import { resolve } from 'node:path'
import { defaultGatewayPort, type Settings } from '@donaciones/kit'

export interface EmbeddedConfig {
  port: number
  host: string
  dataDir: string
  frontendDir: string
  publicUrl: string
  metricsPort?: number
}

/** Where the embedded database lives when DATA_DIR is unset (`npm start`, `replay`, `reconcile`). */
export function embeddedDataDir(settings: Pick<Settings, 'DATA_DIR'>): string {
  return resolve(settings.DATA_DIR ?? './data')
}

/** `npm start`'s settings: PORT, HOST, DATA_DIR, FRONTEND_DIR, PUBLIC_URL, METRICS_PORT. */
export function readEmbeddedConfig(settings: Settings): EmbeddedConfig {
  return {
    port: settings.PORT ?? defaultGatewayPort,
    host: settings.HOST ?? '0.0.0.0',
    dataDir: embeddedDataDir(settings),
    frontendDir: settings.FRONTEND_DIR,
    publicUrl: settings.PUBLIC_URL,
    ...(settings.METRICS_PORT === undefined ? {} : { metricsPort: settings.METRICS_PORT }),
  }
}
