import { z } from 'zod'
import { idSchema, roleSchema } from '../rules.ts'
import { permissionSchema } from './permission.ts'

/** The user carried by the session token (spec §3 Auth user). `thumbnail` is the file path. */
export const authUserSchema = z.object({
  _id: idSchema,
  role: roleSchema,
  active: z.boolean(),
  changePassword: z.boolean(),
  permissions: z.array(permissionSchema),
  name: z.string(),
  lastName: z.string(),
  thumbnail: z.string().nullable(),
  picture: z.string().nullable(),
  email: z.string(),
})
export type AuthUser = z.infer<typeof authUserSchema>

/** Decoded JWT payload: the auth user plus the standard time claims. */
export const tokenPayloadSchema = authUserSchema.extend({
  exp: z.number().int(),
  iat: z.number().int().optional(),
})
export type TokenPayload = z.infer<typeof tokenPayloadSchema>
