import type { ModuleName, PermissionAction } from '../entities/permission.ts'
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
  // Read only (readOnlyModules): lists, details, exports, summaries and charts of donations.
  { name: 'donation', label: 'Donaciones', path: '/dashboard/donation/list' },
]

export function dashboardModule(name: ModuleName): DashboardModule {
  const found = dashboardModules.find((module) => module.name === name)
  if (!found) throw new Error(`Módulo desconocido: ${name}`)
  return found
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
