import { z } from 'zod'
import { idSchema } from '../rules.ts'

/** Dashboard modules a role 1 administrator can be granted (spec §6). */
export const moduleNames = ['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical', 'donation'] as const
export const moduleNameSchema = z.enum(moduleNames)
export type ModuleName = z.infer<typeof moduleNameSchema>

/**
 * Modules that only have 'read': donations are written by donors and payment providers, never by
 * an administrator, so the matrix offers Leer alone and the server refuses create/update on them.
 * Exports count as reading.
 */
export const readOnlyModules: readonly ModuleName[] = ['donation']
export const isReadOnlyModule = (module: string): boolean => (readOnlyModules as readonly string[]).includes(module)
export const READ_ONLY_MODULE_MESSAGE = 'El módulo de donaciones solo admite el permiso Leer'

export const permissionActions = ['read', 'create', 'update'] as const
export type PermissionAction = (typeof permissionActions)[number]

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
