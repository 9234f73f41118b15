import { moduleActions, moduleHasAction, permissionActionLabels, type ModuleName, type PermissionAction } from '../entities/permission.ts'
import { ROLE_FULL_ADMIN, ROLE_RESTRICTED_ADMIN } from '../limits.ts'

export interface DashboardModule {
  name: ModuleName
  label: string
  /** The module's list screen, the third path segment of which is the module (spec's route guard). */
  path: string
}

/** Dashboard modules of spec §6 a role 1 administrator can be granted, in menu order. */
export const dashboardModules: readonly DashboardModule[] = [
  { name: 'campaign', label: 'Campañas', path: '/dashboard/campaign/list' },
  { name: 'admin', label: 'Administradores', path: '/dashboard/user-admin/list' },
  { name: 'user', label: 'Usuarios', path: '/dashboard/user/list' },
  { name: 'institution', label: 'Instituciones', path: '/dashboard/institution/list' },
  { name: 'category', label: 'Categorías', path: '/dashboard/category/list' },
  { name: 'pages', label: 'Páginas', path: '/dashboard/pages/list' },
  { name: 'historical', label: 'Histórico', path: '/dashboard/historical/list' },
  // Read only (moduleActions): lists, details, exports, summaries and charts of donations.
  { name: 'donation', label: 'Donaciones', path: '/dashboard/donation/list' },
]

export function dashboardModule(name: ModuleName): DashboardModule {
  const found = dashboardModules.find((module) => module.name === name)
  if (!found) throw new Error(`Módulo desconocido: ${name}`)
  return found
}

/** 'Páginas solo admite los permisos Leer y Actualizar': what a module can be granted, in Spanish. */
export function moduleActionsText(name: ModuleName): string {
  const labels = moduleActions[name].map((action) => permissionActionLabels[action])
  const list = labels.length === 1 ? `el permiso ${labels[0] ?? ''}` : `los permisos ${labels.slice(0, -1).join(', ')} y ${labels.at(-1) ?? ''}`
  return `${dashboardModule(name).label} solo admite ${list}`
}

/** The 422 message for granting an action a module does not have. */
export const moduleActionRefusal = (name: ModuleName): string => `El módulo ${moduleActionsText(name)}`

/**
 * A grant with only the actions its module has. Grants stored before the matrix offered real
 * actions alone may carry others (Crear on Páginas...): no route ever checked them, and they are
 * neither shown nor sent back.
 */
export function withExistingActions<Grant extends { module: ModuleName } & Record<PermissionAction, boolean>>(grant: Grant): Grant {
  return {
    ...grant,
    create: grant.create && moduleHasAction(grant.module, 'create'),
    update: grant.update && moduleHasAction(grant.module, 'update'),
  }
}

/** Whoever carries permissions: session claims (module by name) or a user document (module object). */
export interface PermissionHolder {
  role: number
  permissions: readonly ({ module: string | { name: string } } & Partial<Record<PermissionAction, boolean>>)[]
}

/** Spec §5/§6: role 0 may do everything, role 1 needs the module's permission, anyone else nothing. */
export function holdsPermission(holder: PermissionHolder | null | undefined, module: string | undefined, action: PermissionAction = 'read'): boolean {
  if (!holder) return false
  if (holder.role === ROLE_FULL_ADMIN) return true
  if (holder.role !== ROLE_RESTRICTED_ADMIN || !module) return false
  return holder.permissions.some((entry) => (typeof entry.module === 'string' ? entry.module : entry.module.name) === module && entry[action] === true)
}
