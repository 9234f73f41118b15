import { z } from 'zod'
import { idSchema, roleSchema } from '../rules.ts'
import { moduleNameSchema } from '../entities/permission.ts'
import { socialProviderSchema } from '../entities/configuration.ts'
import { defineEvent } from './envelope.ts'

/**
 * Identity service events (aggregate: user). No event carries a password, hash, recovery token
 * or provider secret: the identity service keeps credentials in its own private table.
 */

const permissionData = z.object({
  module: moduleNameSchema,
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
})

const userDetails = {
  userId: idSchema,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** File id of the profile photo. */
  thumbnail: idSchema.nullable(),
  /** Picture URL from a social provider. */
  picture: z.string().nullable(),
}

export const userCreated = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserCreated',
  schema: z.object({
    ...userDetails,
    role: roleSchema,
    permissions: z.array(permissionData),
    active: z.boolean(),
    /** True when the user must replace a provisional password. */
    changePassword: z.boolean(),
    /** 'signup': the person registered at /register; the account starts inactive and unverified. */
    origin: z.enum(['admin', 'setup', 'google', 'facebook', 'twitter', 'signup']),
  }),
})

/** Admin edit of a user's details. */
export const userUpdated = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserUpdated',
  schema: z.object(userDetails),
})

/** A user's edit of their own profile. */
export const userProfileUpdated = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserProfileUpdated',
  schema: z.object({ userId: idSchema, name: z.string(), lastName: z.string(), email: z.string(), thumbnail: idSchema }),
})

/** Invalidates the user's existing tokens. */
export const userRoleChanged = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserRoleChanged',
  schema: z.object({ userId: idSchema, previousRole: roleSchema, role: roleSchema }),
})

export const userPermissionsChanged = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserPermissionsChanged',
  schema: z.object({ userId: idSchema, permissions: z.array(permissionData) }),
})

/** Deactivation invalidates the user's existing tokens. */
export const userActivationToggled = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserActivationToggled',
  schema: z.object({ userId: idSchema, active: z.boolean() }),
})

export const userPasswordChanged = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserPasswordChanged',
  schema: z.object({
    userId: idSchema,
    /** 'provisional': an administrator's reset mailed a provisional password (changePassword becomes true). */
    reason: z.enum(['reset', 'recovery', 'provisional']),
    changePassword: z.boolean(),
  }),
})

export const passwordRecoveryRequested = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'PasswordRecoveryRequested',
  schema: z.object({ userId: idSchema, expiresAt: z.string() }),
})

/** The mailed link of a self sign-up was opened: the e-mail is proven and the account is active. */
export const userEmailVerified = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserEmailVerified',
  schema: z.object({ userId: idSchema }),
})

export const socialAccountLinked = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'SocialAccountLinked',
  schema: z.object({ userId: idSchema, provider: socialProviderSchema, providerId: z.string() }),
})

export const userSignedIn = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserSignedIn',
  schema: z.object({ userId: idSchema, method: z.enum(['password', 'google', 'facebook', 'twitter']) }),
})

/** PUT /auth/logout/{id} {login:false}. */
export const userSignedOut = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserSignedOut',
  schema: z.object({ userId: idSchema }),
})

/**
 * DELETE /internal/setup/admin/{setupId}: a failed setup wizard removes the administrator it
 * created (a compensating event; the read model drops the user and the e-mail is free again).
 */
export const userSetupReverted = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserSetupReverted',
  schema: z.object({ userId: idSchema, setupId: idSchema }),
})

/** What a refused change of another user tried to do ('permissions': give or take away permissions the caller lacks). */
export const refusedChangeSchema = z.enum(['email', 'provisional-password', 'deactivation', 'permissions'])
export type RefusedChange = z.infer<typeof refusedChangeSchema>

/**
 * A restricted administrator tried to change another administrator's e-mail or password, or to
 * deactivate him, without holding every permission that administrator holds, or to give or take
 * away a permission he does not hold himself (answered 403).
 * Recorded on the target's stream so the history shows who tried; nothing of the user changes.
 */
export const userChangeRefused = defineEvent({
  service: 'identity',
  aggregate: 'user',
  type: 'UserChangeRefused',
  schema: z.object({ userId: idSchema, change: refusedChangeSchema, reason: z.string() }),
})

export const identityEvents = [
  userCreated,
  userUpdated,
  userProfileUpdated,
  userRoleChanged,
  userPermissionsChanged,
  userActivationToggled,
  userPasswordChanged,
  passwordRecoveryRequested,
  userEmailVerified,
  socialAccountLinked,
  userSignedIn,
  userSignedOut,
  userSetupReverted,
  userChangeRefused,
] as const
