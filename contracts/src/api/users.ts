import { z } from 'zod'
import { emailSchema, idSchema, requiredBoolean, requiredText, roleSchema } from '../rules.ts'
import { ADMIN_FORM_NAME_MAX } from '../limits.ts'
import { moduleHasAction, moduleNameSchema, moduleSchema } from '../entities/permission.ts'
import { moduleActionRefusal } from '../rules/permissions.ts'
import { userSchema } from '../entities/user.ts'
import { adminChangeSchema, exportRequestSchema, historicalInputSchema, toggleRequestSchema } from './common.ts'

/**
 * A permission as the matrix sends it. Ticking create or update forces read on (spec §4), so
 * read is normalised to true whenever create or update is. An action the module does not have
 * (`moduleActions`: Crear on Páginas, Crear or Actualizar on Histórico or Donaciones) is refused.
 */
export const permissionInputSchema = z
  .object({
    module: moduleNameSchema,
    read: requiredBoolean,
    create: requiredBoolean,
    update: requiredBoolean,
    delete: z.literal(false).default(false),
  })
  .superRefine((entry, context) => {
    for (const action of ['create', 'update'] as const) {
      if (entry[action] && !moduleHasAction(entry.module, action)) context.addIssue({ code: 'custom', message: moduleActionRefusal(entry.module), path: [action] })
    }
  })
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
/** POST /users/export?list=: which list an empty selection ('Descargar todo') means; absent, every readable one. */
export const userExportQuerySchema = z.object({ list: z.enum(['user', 'admin']).optional() })
/** POST /users/{id}/provisional-password: only the justification. */
export const provisionalPasswordRequestSchema = z.object({ historical: historicalInputSchema })

export const userResponseSchema = userSchema
/** GET /users/ (role 2) and GET /users/admin/ (roles 0 and 1). */
export const userListResponseSchema = z.array(userSchema)

/** POST /users: the new user; for an administrator the provisional password is queued for mail (`mailQueued`). */
export const userCreatedResponseSchema = z.strictObject({
  message: z.string(),
  description: z.string(),
  mailQueued: z.literal(true),
  user: userSchema,
})
export type UserCreatedResponse = z.infer<typeof userCreatedResponseSchema>
/** PUT /users/{id} (change or activation): what happened and the record as it now is. */
export const userChangedResponseSchema = z.strictObject({ message: z.string(), user: userSchema })
export type UserChangedResponse = z.infer<typeof userChangedResponseSchema>

/** POST /users/{id}/provisional-password: the new password is queued for mail, never answered. */
export const provisionalPasswordResponseSchema = z.strictObject({ message: z.string(), description: z.string(), mailQueued: z.literal(true) })
export type ProvisionalPasswordResponse = z.infer<typeof provisionalPasswordResponseSchema>

/** PUT /users/profile: the own record and a fresh token carrying the new name and photo. */
export const profileUpdatedResponseSchema = z.strictObject({ message: z.string(), user: userSchema, token: z.string().min(1) })
export type ProfileUpdatedResponse = z.infer<typeof profileUpdatedResponseSchema>

/** GET /modules. */
export const moduleListResponseSchema = z.array(moduleSchema)
