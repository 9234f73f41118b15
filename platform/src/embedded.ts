import { acquireDataDirLock, createLogger, DataDirLockedError, onShutdownSignals, settingsOrExit } from '@donaciones/kit'
import { readEmbeddedConfig } from './config.ts'
import { startEmbeddedPlatform } from './embedded-platform.ts'

/** `npm start`: the whole product in one process, on PGlite under DATA_DIR and the in-process bus. */
const settings = settingsOrExit()
const logger = createLogger('donaciones', { level: settings.LOG_LEVEL })
const config = readEmbeddedConfig(settings)

try {
  const lock = acquireDataDirLock(config.dataDir)
  const platform = await startEmbeddedPlatform({ ...config, settings, logger }).catch((error: unknown) => {
    lock.release()
    throw error
  })
  logger.info({ dataDir: config.dataDir }, `Plataforma lista en http://localhost:${platform.port}`)
  onShutdownSignals(
    async () => {
      await platform.stop()
      lock.release()
    },
    { logger },
  )
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`)
  } else {
    logger.fatal({ err: error }, 'No se pudo iniciar la plataforma')
  }
  process.exit(1)
}
