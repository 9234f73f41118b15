import { dashboardModule, ROLE_FULL_ADMIN, type AuthUser, type ModuleName } from '@donaciones/contracts'
import { hasPermission } from '@donaciones/web-kit'

export interface MenuEntry {
  label: string
  to: string
  /** Permission module; null = role 0 only. */
  module: string | null
  description: string
}

const descriptions: Readonly<Record<ModuleName, string>> = {
  campaign: 'Crear y administrar campañas de donación.',
  admin: 'Cuentas con acceso a la administración.',
  user: 'Personas registradas en el sitio.',
  institution: 'Instituciones beneficiarias de las campañas.',
  category: 'Categorías para clasificar las campañas.',
  pages: 'Textos de las páginas informativas.',
  historical: 'Cambios realizados en la plataforma.',
  // Donors' names, e-mails and phones: only role 0 and role 1 with read on the `donation` module.
  donation: 'Donaciones con PayPal, tarjeta y OXXO Pay.',
}

const moduleEntry = (name: ModuleName): MenuEntry => {
  const { label, path } = dashboardModule(name)
  return { label, to: path, module: name, description: descriptions[name] }
}

/** Spec §2.5 dashboard menu entries, in order: the permission modules, and Configuración for role 0. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...(['campaign', 'admin', 'user', 'institution', 'category', 'pages'] as const).map(moduleEntry),
  { label: 'Configuración', to: '/dashboard/configuration/edit', module: null, description: 'Datos generales, contacto y proveedores.' },
  ...(['historical', 'donation'] as const).map(moduleEntry),
]

/** The entries `user` may see: role 0 all; otherwise the read permission of each module. */
export function visibleEntries(user: AuthUser | null): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => (entry.module === null ? user?.role === ROLE_FULL_ADMIN : hasPermission(user, entry.module, 'read')))
}
