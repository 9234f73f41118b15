/** One field-level problem, `path` joined with '.' (e.g. 'visibility.counter'). */
export interface FieldError {
  path: string
  message: string
}

/** The JSON body of every failed response. */
export interface ErrorBody {
  message: string
  description: string
  errors?: FieldError[]
}

export interface HttpErrorOptions {
  errors?: FieldError[]
  /** Extra response headers, e.g. `{ 'Retry-After': '30' }`. */
  headers?: Record<string, string>
  cause?: unknown
}

/** An error whose message and description are meant for the person using the app. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  readonly errors?: FieldError[]
  readonly headers?: Record<string, string>

  constructor(
    readonly status: number,
    message: string,
    readonly description: string,
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    if (options.errors) this.errors = options.errors
    if (options.headers) this.headers = options.headers
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message, description: this.description }
    if (this.errors) body.errors = this.errors
    return body
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError
}

/** Spanish defaults per status; also used for framework errors that only carry a status. */
const DEFAULTS: Record<number, readonly [message: string, description: string]> = {
  400: ['Solicitud inválida', 'Verifique los datos proporcionados'],
  402: ['Pago rechazado', 'Verifique los datos de pago o intente con otro método'],
  401: ['Sesión inválida', 'Inicie sesión nuevamente'],
  403: ['Acceso denegado', 'No tiene permiso para realizar esta acción'],
  404: ['Recurso no encontrado', 'El recurso solicitado no existe'],
  405: ['Método no permitido', 'La operación solicitada no está disponible'],
  406: ['Formato no disponible', 'El formato de respuesta solicitado no está disponible'],
  409: ['Registro ya existente', 'Ya existe un registro con los mismos datos'],
  411: ['Solicitud inválida', 'Falta la longitud del contenido'],
  413: ['Solicitud demasiado grande', 'El cuerpo de la solicitud excede el tamaño permitido'],
  414: ['Dirección demasiado larga', 'La dirección solicitada excede el tamaño permitido'],
  415: ['Tipo de contenido no admitido', 'Envíe la información en formato JSON'],
  422: ['Datos inválidos', 'Verifique los datos proporcionados'],
  429: ['Demasiadas solicitudes', 'Espere un momento e intente de nuevo'],
  500: ['Error interno del servidor', 'Intente de nuevo más tarde'],
  502: ['No fue posible completar la operación', 'Intente de nuevo en unos minutos'],
  503: ['Servicio no disponible', 'Intente de nuevo más tarde'],
}

export function defaultErrorText(status: number): readonly [message: string, description: string] {
  return DEFAULTS[status] ?? (status >= 500 ? DEFAULTS[500]! : DEFAULTS[400]!)
}

type Factory = (message?: string, description?: string, options?: HttpErrorOptions) => HttpError

function factory(status: number): Factory {
  const [defaultMessage, defaultDescription] = defaultErrorText(status)
  return (message = defaultMessage, description = defaultDescription, options) =>
    new HttpError(status, message, description, options)
}

export const badRequest: Factory = factory(400)
export const unauthorized: Factory = factory(401)
export const forbidden: Factory = factory(403)
export const paymentRequired: Factory = factory(402)
export const notFound: Factory = factory(404)
export const methodNotAllowed: Factory = factory(405)
/** Defaults to 'Registro ya existente', the message the front end answers by going back one page. */
export const conflict: Factory = factory(409)
export const payloadTooLarge: Factory = factory(413)
export const unprocessable: Factory = factory(422)
export const tooManyRequests: Factory = factory(429)
export const badGateway: Factory = factory(502)
export const serviceUnavailable: Factory = factory(503)
