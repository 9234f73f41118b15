import { z } from 'zod'
import { idSchema } from '../rules.ts'

/** Dashboard modules a role 1 administrator can be granted (spec §6). */
export const moduleNames = ['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical'] as const
export const moduleNameSchema = z.enum(moduleNames)
export type ModuleName = z.infer<typeof moduleNameSchema>

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
