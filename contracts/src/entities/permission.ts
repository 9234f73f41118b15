import { z } from 'zod'
import { idSchema } from '../rules/text.ts'

/** Dashboard modules a role 1 administrator can be granted (spec §6). */
export const moduleNames = ['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical', 'donation'] as const
export const moduleNameSchema = z.enum(moduleNames)
export type ModuleName = z.infer<typeof moduleNameSchema>

export const permissionActions = ['read', 'create', 'update'] as const
export type PermissionAction = (typeof permissionActions)[number]

/** How the permission matrix and the API description name each action. */
export const permissionActionLabels: Readonly<Record<PermissionAction, string>> = { read: 'Leer', create: 'Crear', update: 'Actualizar' }

/**
 * The actions each module really has: those some route of the API checks on it for a restricted
 * administrator (the API description's access entries, held to the services' routers; a test in
 * rules/permissions.test.ts holds this list to them). The permission matrix offers these and no
 * other, and the server refuses granting any other with 422 (`permissionInputSchema`).
 * - pages: the site's pages are created by the setup wizard; an administrator reads and edits them.
 * - historical: the change history is only read.
 * - donation: donations are written by donors and payment providers, never by an administrator
 *   (exports count as reading); uploading a stamped receipt is for role 0 alone (decision 56).
 */
export const moduleActions: Readonly<Record<ModuleName, readonly PermissionAction[]>> = {
  campaign: ['read', 'create', 'update'],
  admin: ['read', 'create', 'update'],
  user: ['read', 'create', 'update'],
  institution: ['read', 'create', 'update'],
  category: ['read', 'create', 'update'],
  pages: ['read', 'update'],
  historical: ['read'],
  donation: ['read'],
}

const isModuleName = (module: string): module is ModuleName => (moduleNames as readonly string[]).includes(module)

/** Whether `action` exists on `module` (and so may be granted on it). */
export const moduleHasAction = (module: string, action: PermissionAction): boolean => isModuleName(module) && moduleActions[module].includes(action)

/** A module as GET /api/modules lists it. */
export const moduleSchema = z.object({
  _id: idSchema,
  label: z.string(),
  name: moduleNameSchema,
  path: z.string(),
})
export type Module = z.infer<typeof moduleSchema>

/** Permission entry of a user. `delete` exists and is always false. */
export const permissionSchema = z.object({
  module: moduleSchema,
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.literal(false),
  isNew: z.boolean().optional(),
})
export type Permission = z.infer<typeof permissionSchema>
