import { randomUUID, createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, rename, rm, unlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'

let snapshotPath: string | undefined

/** One file per installed PGlite and version: a snapshot is only loaded by the build that wrote it. */
export function freshSnapshotPath(): string {
  snapshotPath ??= snapshotPathOfInstalledPglite()
  return snapshotPath
}

function snapshotPathOfInstalledPglite(): string {
  const installed = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const { version } = JSON.parse(readFileSync(join(dirname(installed), '..', 'package.json'), 'utf8')) as { version: string }
  const key = createHash('sha256').update(`${installed}@${version}`).digest('hex').slice(0, 16)
  return join(tmpdir(), `donaciones-pglite-fresh-${key}.tar`)
}

async function saveSnapshot(db: PGlite, path: string): Promise<void> {
  try {
    const tarball = await db.dumpDataDir('none')
    const partial = `${path}.${randomUUID()}`
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()))
    await rename(partial, path)
  } catch {
    // Only an optimisation: without a snapshot the next new database runs initdb.
  }
}

/**
 * A PGlite database (in `dataDir`, else in memory). A new one (the test suites and the benches
 * start hundreds, each site of the browser tests one on disk) is loaded from a snapshot of a freshly
 * initialised one, kept in the OS temporary directory: initdb is two thirds of PGlite's start (about
 * 3.1 s against 1.1 s from the snapshot). The snapshot is written whole under another name and
 * renamed, so a process never reads half of one; one that does not load is removed, with what it
 * left in the new database's directory, and the database is initialised as usual.
 */
export async function openPglite(create: (options: PGliteOptions) => Promise<PGlite>, dataDir: string | undefined): Promise<PGlite> {
  const where = dataDir ? { dataDir } : {}
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return create(where)
  const path = freshSnapshotPath()
  const snapshot = await readFile(path).catch(() => undefined)
  if (snapshot) {
    try {
      return await create({ ...where, loadDataDir: new Blob([snapshot]) })
    } catch {
      await unlink(path).catch(() => undefined)
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    }
  }
  const db = await create(where)
  await saveSnapshot(db, path)
  return db
}
