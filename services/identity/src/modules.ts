import { dashboardModules, withExistingActions, type Module, type ModuleName, type Permission } from '@donaciones/contracts'

/** Dashboard modules of spec §6 as GET /api/modules and permission entries carry them. */
export const modules: readonly Module[] = dashboardModules.map((module) => ({ _id: module.name, ...module }))

export function moduleByName(name: ModuleName): Module {
  const found = modules.find((module) => module.name === name)
  if (!found) throw new Error(`Módulo desconocido: ${name}`)
  return found
}

/** What events and the read model keep per module. */
export interface PermissionGrant {
  module: ModuleName
  read: boolean
  create: boolean
  update: boolean
}

/**
 * Spec §4: create or update forces read. Entries of one module are merged; empty ones dropped;
 * catalogue order. An action the module does not have (only in grants stored before the server
 * refused them) is dropped: no route checks it.
 */
export function normalizeGrants(grants: readonly PermissionGrant[]): PermissionGrant[] {
  const merged = new Map<ModuleName, PermissionGrant>()
  for (const grant of grants) {
    const previous = merged.get(grant.module)
    const create = grant.create || (previous?.create ?? false)
    const update = grant.update || (previous?.update ?? false)
    const read = grant.read || create || update || (previous?.read ?? false)
    merged.set(grant.module, withExistingActions({ module: grant.module, read, create, update }))
  }
  return modules
    .map((module) => merged.get(module.name))
    .filter((grant): grant is PermissionGrant => grant !== undefined && (grant.read || grant.create || grant.update))
}

/** Permission entries of spec §3 for the stored grants. */
export function toPermissionEntries(grants: readonly PermissionGrant[]): Permission[] {
  return normalizeGrants(grants).map((grant) => ({
    module: moduleByName(grant.module),
    read: grant.read,
    create: grant.create,
    update: grant.update,
    delete: false,
  }))
}

/** The whole matrix for the edit form: every module, those the user lacks marked isNew. */
export function permissionMatrix(grants: readonly PermissionGrant[]): Permission[] {
  const granted = normalizeGrants(grants)
  return modules.map((module) => {
    const grant = granted.find((entry) => entry.module === module.name)
    return grant
      ? { module, read: grant.read, create: grant.create, update: grant.update, delete: false, isNew: false }
      : { module, read: false, create: false, update: false, delete: false, isNew: true }
  })
}
