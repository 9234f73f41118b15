import { ROLE_FULL_ADMIN, type AuthUser } from '@donaciones/contracts'
import { hasPermission } from '@donaciones/web-kit'

export interface MenuEntry {
  label: string
  to: string
  /** Permission module; null = role 0 only. */
  module: string | null
  description: string
}

/** Spec §2.5 dashboard menu entries, in order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'Campañas', to: '/dashboard/campaign/list', module: 'campaign', description: 'Crear y administrar campañas de donación.' },
  { label: 'Administradores', to: '/dashboard/user-admin/list', module: 'admin', description: 'Cuentas con acceso a la administración.' },
  { label: 'Usuarios', to: '/dashboard/user/list', module: 'user', description: 'Personas registradas en el sitio.' },
  { label: 'Instituciones', to: '/dashboard/institution/list', module: 'institution', description: 'Instituciones beneficiarias de las campañas.' },
  { label: 'Categorías', to: '/dashboard/category/list', module: 'category', description: 'Categorías para clasificar las campañas.' },
  { label: 'Páginas', to: '/dashboard/pages/list', module: 'pages', description: 'Textos de las páginas informativas.' },
  { label: 'Configuración', to: '/dashboard/configuration/edit', module: null, description: 'Datos generales, contacto y proveedores.' },
  { label: 'Histórico', to: '/dashboard/historical/list', module: 'historical', description: 'Cambios realizados en la plataforma.' },
  // Donors' names, e-mails and phones: only role 0 and role 1 with read on the `donation` module.
  { label: 'Donaciones', to: '/dashboard/donation/list', module: 'donation', description: 'Donaciones con PayPal, tarjeta y OXXO Pay.' },
]

/** The entries `user` may see: role 0 all; otherwise the read permission of each module. */
export function visibleEntries(user: AuthUser | null): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => (entry.module === null ? user?.role === ROLE_FULL_ADMIN : hasPermission(user, entry.module, 'read')))
}
