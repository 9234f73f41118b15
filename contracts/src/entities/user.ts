import { z } from 'zod'
import { idSchema, roleSchema } from '../rules.ts'
import { pathRefSchema, timestampsShape } from './common.ts'
import { historicalEventSchema } from './historical.ts'
import { permissionSchema } from './permission.ts'

/** A user (administrators of role 0/1 and users of role 2). */
export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  permissions: z.array(permissionSchema),
  thumbnail: pathRefSchema.extend({ _id: idSchema.optional() }).nullable(),
  picture: z.string().nullable(),
  active: z.boolean(),
  changePassword: z.boolean(),
  historical: z.array(historicalEventSchema).optional(),
  ...timestampsShape,
})
export type User = z.infer<typeof userSchema>
