import { moduleHasAction, type Module, type Permission } from '@donaciones/contracts'

/** Permission module of a user's role (spec §6): role 2 → 'user', administrators → 'admin'. */
export const moduleOfRole = (role: number): 'user' | 'admin' => (role === 2 ? 'user' : 'admin')

/** One row of the permission matrix as the form edits it. */
export interface MatrixRow {
  module: Module
  read: boolean
  create: boolean
  update: boolean
}

export const emptyMatrix = (modules: readonly Module[]): MatrixRow[] =>
  modules.map((module) => ({ module, read: false, create: false, update: false }))

export const matrixFrom = (permissions: readonly Permission[]): MatrixRow[] =>
  permissions.map(({ module, read, create, update }) => ({ module, read: read || create || update, create, update }))

/**
 * The entries POST/PUT send: granted modules only, read forced by create/update (spec §4), and
 * only the actions each module has (the server refuses any other).
 */
export const grantsOf = (matrix: readonly MatrixRow[]) =>
  matrix
    .filter((row) => row.read || row.create || row.update)
    .map((row) => ({
      module: row.module.name,
      read: row.read || row.create || row.update,
      create: row.create && moduleHasAction(row.module.name, 'create'),
      update: row.update && moduleHasAction(row.module.name, 'update'),
      delete: false as const,
    }))
