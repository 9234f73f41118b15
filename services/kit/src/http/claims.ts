import { holdsPermission, ROLE_FULL_ADMIN, ROLE_RESTRICTED_ADMIN, ROLE_USER, type PermissionAction } from '@donaciones/contracts'
import { z } from 'zod'

/** 0 Administrador total, 1 Administrador restringido, 2 Usuario (spec §6). */
export const ROLES = { fullAdmin: ROLE_FULL_ADMIN, restrictedAdmin: ROLE_RESTRICTED_ADMIN, user: ROLE_USER } as const
export const roleSchema = z.union([z.literal(0), z.literal(1), z.literal(2)])
export type Role = z.infer<typeof roleSchema>

export type { PermissionAction }

/** Permission entry (spec §3); kept loose so the identity service can add fields. */
export const permissionSchema = z.looseObject({
  module: z.union([z.string(), z.looseObject({ name: z.string() })]),
  read: z.boolean().default(false),
  create: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
  isNew: z.boolean().optional(),
})
export type Permission = z.infer<typeof permissionSchema>

/** The auth user carried in the token (spec §3) plus the registered JWT claims; extra claims pass through. */
export const authClaimsSchema = z.looseObject({
  sub: z.string().min(1),
  _id: z.string().min(1),
  role: roleSchema,
  active: z.boolean(),
  changePassword: z.boolean().default(false),
  permissions: z.array(permissionSchema).default([]),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  thumbnail: z.union([z.string(), z.looseObject({ path: z.string() })]).nullish(),
  picture: z.string().nullish(),
  /** Session version: the identity service bumps it on deactivation, role or password change. */
  sv: z.number().int().min(0).default(0),
  iat: z.number().optional(),
  exp: z.number().optional(),
  iss: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  jti: z.string().optional(),
})
export type AuthClaims = z.infer<typeof authClaimsSchema>

/** Spec §5/§6: role 0 may do everything, role 1 needs the module permission, anyone else nothing. */
export function hasPermission(auth: AuthClaims | undefined, module: string, action: PermissionAction = 'read'): boolean {
  return holdsPermission(auth, module, action)
}
