import { EMAIL_NOT_VERIFIED_TITLE } from '@donaciones/contracts'
import { forbidden, type HttpError, notFound, serviceUnavailable, unauthorized } from '@donaciones/kit'

/** Spanish errors of social sign-in. */
export const providerUnavailable = (): HttpError => notFound('Proveedor no disponible', 'El inicio de sesión con este proveedor no está habilitado')

export const invalidSignInRequest = (): HttpError =>
  unauthorized('Inicio de sesión inválido', 'La solicitud de inicio de sesión no es válida o ya expiró, intente de nuevo')

export const providerRefused = (): HttpError =>
  unauthorized('Inicio de sesión rechazado', 'El proveedor no confirmó su identidad, intente de nuevo')

export const providerUnreachable = (cause: unknown): HttpError =>
  serviceUnavailable('Proveedor no disponible', 'El proveedor de inicio de sesión no responde, intente más tarde', { cause })

export const invalidGoogleCredential = (cause?: unknown): HttpError =>
  unauthorized('Sesión inválida', 'No se pudo verificar su identidad con Google', cause === undefined ? undefined : { cause })

export const inactiveUser = (): HttpError => unauthorized('Usuario inactivo', 'Su cuenta está desactivada')

/**
 * The provider's e-mail belongs to a self sign-up whose link was never opened: its password is
 * whoever registered, so the provider's person is not let into it (nor linked to it).
 */
export const pendingSignUp = (): HttpError =>
  forbidden(
    EMAIL_NOT_VERIFIED_TITLE,
    'Hay un registro pendiente de activar con este correo. Actívelo con el enlace que le enviamos y la contraseña que eligió, o regístrese de nuevo para recibir otro enlace.',
  )
