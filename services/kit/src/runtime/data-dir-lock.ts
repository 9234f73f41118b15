import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `El directorio de datos ${dataDir} ya está en uso por el proceso ${ownerPid}. ` +
        'Detenga ese proceso o use otro DATA_DIR: dos procesos sobre los mismos datos los dañarían.',
    )
  }
}

/** The pid file inside the data directory that holds the lock. */
export const dataDirLockFile = 'donaciones.pid'

export interface DataDirLock {
  release(): void
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no lock of its own: two processes on one directory corrupt it. A pid file taken
 * with O_EXCL guards it; a file left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, dataDirLockFile)
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        release() {
          if (released) return
          released = true
          rmSync(path, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner)
      rmSync(path, { force: true })
    }
  }
  throw new Error(`No se pudo tomar el candado de ${dataDir}`)
}
