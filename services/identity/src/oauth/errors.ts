import { type HttpError, notFound, serviceUnavailable, unauthorized } from '@donaciones/kit'

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
