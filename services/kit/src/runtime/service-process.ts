import { createLogger, onShutdownSignals, startHttpServer } from '../http/index.ts'
import { readServiceProcessConfig } from './config.ts'
import type { ServiceDefinition } from './service-definition.ts'
import type { ServiceDirectory } from './service-directory.ts'
import { openDistributedEngines } from './service-engines.ts'
import { startServiceRuntime } from './service-runtime.ts'
import { readSettings, type Settings } from './settings.ts'

/** The settings of a starting process, or its end with the reason when a variable is wrong. */
export function settingsOrExit(): Settings {
  try {
    return readSettings()
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}

/** Runs one service as its own process (distributed mode); several copies may run at once. */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  const settings = settingsOrExit()
  const logger = createLogger(definition.name, { level: settings.LOG_LEVEL })
  try {
    const config = readServiceProcessConfig(definition.name, settings)
    const engines = await openDistributedEngines(definition.name, config, logger)
    const { db, bus } = engines
    const directory: ServiceDirectory = { internalToken: config.internalToken, urlsOf: (service) => config.serviceUrls[service] }
    const runtime = await startServiceRuntime({
      definition,
      db,
      bus,
      logger,
      settings,
      schema: config.schema,
      directory,
      trustProxy: config.trustProxy,
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    })
    const http = await startHttpServer(runtime.app, { port: config.port, host: config.host })
    logger.info({ url: http.url }, `Servicio ${definition.name} escuchando`)
    onShutdownSignals(
      async () => {
        await http.close()
        await runtime.stop()
        await engines.close()
      },
      { logger },
    )
  } catch (error) {
    logger.fatal({ err: error }, `No se pudo iniciar el servicio ${definition.name}`)
    process.exit(1)
  }
}
