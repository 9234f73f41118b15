/** One field's message in a 422 answer; `path` is dotted ('user.email'). */
export interface FieldError {
  path: string
  message: string
}

/** A failed API response, passed on as the response object (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly description: string,
    /** Field messages of a 422 answer. */
    readonly errors: FieldError[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const NETWORK_ERROR = new ApiError(0, 'Sin conexión', 'No fue posible comunicarse con el servidor')

interface ErrorBody {
  message?: unknown
  description?: unknown
  errors?: unknown
}

export async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody = {}
  try {
    body = (await response.json()) as ErrorBody
  } catch {
    // Not JSON (a proxy's page, say): the generic text below is shown instead.
  }
  const message = typeof body.message === 'string' ? body.message : 'Ocurrió un error'
  const description = typeof body.description === 'string' ? body.description : 'Intente de nuevo más tarde'
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((item): item is FieldError => typeof item?.path === 'string' && typeof item?.message === 'string')
    : []
  return new ApiError(response.status, message, description, errors)
}
