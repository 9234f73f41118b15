import { z } from 'zod'
import {
  confirmationSchema,
  email,
  emailSchema,
  idSchema,
  passwordSchema,
  requiredString,
  requiredText,
  withConfirmation,
} from '../rules.ts'
import { ADMIN_FORM_NAME_MAX, PROFILE_FORM_NAME_MAX } from '../limits.ts'
import { authUserSchema } from '../entities/auth-user.ts'
import { socialProviderSchema } from '../entities/configuration.ts'

/** POST /auth/login. Both fields required and trimmed. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: requiredString,
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

/** Answer of every call that signs in. */
export const tokenResponseSchema = z.object({ token: z.string().min(1) })
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/** PUT /auth/logout/{id}. */
export const logoutRequestSchema = z.object({ login: z.literal(false) })
/** What the route accepts: the spec's `{login: false}`, `{}` or no body at all. */
export const logoutBodySchema = logoutRequestSchema.partial().optional()

/** POST /auth/reset-password: current (or provisional) password and the new one. */
export const resetPasswordRequestSchema = z.object({
  password: requiredString,
  newPassword: passwordSchema,
})
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>

/** /reset-password form: the request plus a confirmation of the new password. */
export const resetPasswordFormSchema = withConfirmation(
  resetPasswordRequestSchema.extend({ confirmation: confirmationSchema }),
  'newPassword',
)

/** POST /auth/request-recover-password. */
export const requestRecoverPasswordSchema = z.object({ email: emailSchema })

/** POST /auth/recover-password (e-mail and token come from the link's query). */
export const recoverPasswordRequestSchema = z.object({
  password: passwordSchema,
  email: emailSchema,
  token: requiredString,
})
export type RecoverPasswordRequest = z.infer<typeof recoverPasswordRequestSchema>

/** /recover-password form: the request plus a confirmation. */
export const recoverPasswordFormSchema = withConfirmation(
  recoverPasswordRequestSchema.extend({ confirmation: confirmationSchema }),
  'password',
)

/**
 * POST /auth/register (not in the spec): a person opens a role 2 account. Names follow the user
 * form's limit (30); the password the spec's strength rule. The account stays inactive until the
 * mailed link is opened.
 */
export const registerRequestSchema = z.object({
  name: requiredText(ADMIN_FORM_NAME_MAX),
  lastName: requiredText(ADMIN_FORM_NAME_MAX),
  email: emailSchema,
  password: passwordSchema,
})
export type RegisterRequest = z.infer<typeof registerRequestSchema>

/** /register form: the request plus a confirmation of the password. */
export const registerFormSchema = withConfirmation(registerRequestSchema.extend({ confirmation: confirmationSchema }), 'password')

/**
 * POST /auth/verify-email: e-mail and token come from the mailed link's query, the password is the
 * one chosen in the registration that mailed the link (so only the person who registered and holds
 * the mailbox activates the account, and with that password).
 */
export const verifyEmailRequestSchema = z.object({
  email: emailSchema,
  token: requiredString,
  password: requiredString,
})
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>

/**
 * POST /auth/google-register-or-login. `credential` (the Google ID token) is not in the spec: the
 * server verifies it and takes e-mail, name and providerId from it, never from the other fields.
 */
export const googleRegisterOrLoginRequestSchema = z.object({
  credential: requiredString,
  email: emailSchema,
  name: z.string(),
  lastName: z.string(),
  providerId: requiredString,
  thumbnail: z.string().nullable(),
  validated: z.boolean(),
})
export type GoogleRegisterOrLoginRequest = z.infer<typeof googleRegisterOrLoginRequestSchema>

/**
 * GET /oauth/login/check (with credentials): `{token, user}` once after a social sign-in; a visitor
 * with no pending sign-in (every anonymous page load asks) gets `{token: null, user: null}`, a
 * normal answer rather than an error.
 */
export const oauthSignedInSchema = z.object({ token: z.string().min(1), user: authUserSchema })
export const oauthCheckResponseSchema = z.union([oauthSignedInSchema, z.object({ token: z.null(), user: z.null() })])
export type OauthCheckResponse = z.infer<typeof oauthCheckResponseSchema>

/** Route parameter of the social sign-in redirect /api/oauth/{provider}. */
export const oauthProviderParamsSchema = z.object({ provider: socialProviderSchema })

/** Own profile update (path not given by the spec): names max 25, picture required. */
export const profileUpdateRequestSchema = z.object({
  name: requiredText(PROFILE_FORM_NAME_MAX),
  lastName: requiredText(PROFILE_FORM_NAME_MAX),
  email: email(),
  thumbnail: idSchema,
})
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>
