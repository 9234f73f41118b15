import { z } from 'zod'
import { emailSchema, idSchema, requiredBoolean, requiredText, roleSchema } from '../rules.ts'
import { ADMIN_FORM_NAME_MAX } from '../limits.ts'
import { isReadOnlyModule, moduleNameSchema, moduleSchema, READ_ONLY_MODULE_MESSAGE } from '../entities/permission.ts'
import { userSchema } from '../entities/user.ts'
import { adminChangeSchema, exportRequestSchema, toggleRequestSchema } from './common.ts'

/**
 * A permission as the matrix sends it. Ticking create or update forces read on (spec §4), so
 * read is normalised to true whenever create or update is.
 */
export const permissionInputSchema = z
  .object({
    module: moduleNameSchema,
    read: requiredBoolean,
    create: requiredBoolean,
    update: requiredBoolean,
    delete: z.literal(false).default(false),
  })
  .refine((entry) => !isReadOnlyModule(entry.module) || (!entry.create && !entry.update), { message: READ_ONLY_MODULE_MESSAGE, path: ['create'] })
  .transform((entry) => ({ ...entry, read: entry.read || entry.create || entry.update }))
export type PermissionInput = z.infer<typeof permissionInputSchema>

/** Admin user form (POST /users/ and PUT payload): names max 30. Permissions matter for role 1 only. */
export const userInputSchema = z.object({
  name: requiredText(ADMIN_FORM_NAME_MAX),
  lastName: requiredText(ADMIN_FORM_NAME_MAX),
  email: emailSchema,
  role: roleSchema,
  permissions: z.array(permissionInputSchema).default([]),
  thumbnail: idSchema.optional(),
})
export type UserInput = z.infer<typeof userInputSchema>

export const userCreateRequestSchema = userInputSchema
export const userUpdateRequestSchema = adminChangeSchema(userInputSchema)
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>
export const userToggleRequestSchema = toggleRequestSchema
export const userExportRequestSchema = exportRequestSchema

export const userResponseSchema = userSchema
/** GET /users/ (role 2) and GET /users/admin/ (roles 0 and 1). */
export const userListResponseSchema = z.array(userSchema)
/** GET /modules. */
export const moduleListResponseSchema = z.array(moduleSchema)
