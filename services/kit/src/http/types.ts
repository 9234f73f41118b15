import type { AuthClaims } from './claims.ts'

/** The request parts `withValidation` parsed. */
export interface ValidatedParts {
  body?: unknown
  query?: unknown
  params?: unknown
}

// The only express type augmentation of the kit.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate()` for a valid token; `undefined` for anonymous requests. */
      auth?: AuthClaims
      /** Set by `requestId()`. */
      requestId: string
      /** The JSON body's bytes as received (set by the service app's JSON parser), for signature checks of webhooks. */
      rawBody?: Buffer
    }
  }
}
