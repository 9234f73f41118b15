import { apiRequest } from '@donaciones/web-kit'
import type {
  LoginRequest,
  RecoverPasswordRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenResponse,
  VerifyEmailRequest,
} from '@donaciones/contracts'

/**
 * POST /auth/login → the session token. A failure shows the server's message as a toast. The
 * answer's one field is checked by hand (as tokenResponseSchema does): /login loads no zod.
 */
export async function login(credentials: LoginRequest): Promise<string> {
  const answer = await apiRequest<Partial<TokenResponse> | null>('LOGIN', '/auth/login', { method: 'POST', json: credentials })
  const token = answer?.token
  if (typeof token !== 'string' || token === '') throw new Error('Respuesta de inicio de sesión sin token')
  return token
}

/** POST /auth/request-recover-password: the recovery link goes to the address by e-mail. */
export async function requestRecovery(email: string): Promise<void> {
  await apiRequest('SEND_RECOVERY_EMAIL', '/auth/request-recover-password', { method: 'POST', json: { email } })
}

/** POST /auth/recover-password with the e-mail and token of the link. */
export async function recoverPassword(request: RecoverPasswordRequest): Promise<void> {
  await apiRequest('SAVE_RECOVERED_PASSWORD', '/auth/recover-password', { method: 'POST', json: request })
}

/** POST /auth/reset-password: the current (or provisional) password and the new one. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiRequest('SAVE_NEW_PASSWORD', '/auth/reset-password', { method: 'POST', json: request })
}

/** POST /auth/register: a role 2 account that the mailed link activates. */
export async function register(request: RegisterRequest): Promise<void> {
  await apiRequest('SAVE_REGISTRATION', '/auth/register', { method: 'POST', json: request })
}

/** POST /auth/verify-email with the e-mail and token of the mailed link and the sign-up's password; the screen shows a failure itself. */
export async function verifyEmail(request: VerifyEmailRequest): Promise<void> {
  await apiRequest('LOAD_EMAIL_VERIFICATION', '/auth/verify-email', { method: 'POST', json: request, silent: true })
}
