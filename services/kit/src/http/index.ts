export type { ErrorBody, FieldError, HttpErrorOptions } from './http-error.ts'
export {
  HttpError,
  isHttpError,
  defaultErrorText,
  badRequest,
  unauthorized,
  forbidden,
  notFound,
  conflict,
  payloadTooLarge,
  unprocessable,
  tooManyRequests,
  serviceUnavailable,
  paymentRequired,
  methodNotAllowed,
  badGateway,
} from './http-error.ts'
export type { RequestSchemas, ValidatedInput, ValidatedHandler } from './validate.ts'
export {
  withValidation,
  spanishErrorMap,
  toFieldErrors,
  validationError,
} from './validate.ts'
export type { ErrorHandlerOptions } from './error-handler.ts'
export { errorHandler, notFoundHandler, toErrorResponse } from './error-handler.ts'
export { REQUEST_ID_HEADER, isWellFormedRequestId, requestId } from './request-id.ts'
export type { Logger, LoggerOptions } from './logger.ts'
export { createLogger, httpLogger } from './logger.ts'
export type { AuthClaims, Permission, PermissionAction, Role } from './claims.ts'
export { ROLES, authClaimsSchema, hasPermission, permissionSchema, roleSchema } from './claims.ts'
export type { AuthenticateOptions, TokenVerifier, TokenVerifierOptions } from './auth.ts'
export { authenticate, createTokenVerifier, requirePermission, requireRole } from './auth.ts'
export type { HealthOptions, ReadinessCheck, ReadinessChecks, ReadinessResult } from './health.ts'
export { healthRouter, NotReady, runReadinessChecks } from './health.ts'
export type { RunningHttpServer, ServiceAppOptions, ShutdownOptions, StartHttpServerOptions } from './server.ts'
export { createServiceApp, finishServiceApp, IDLE_UPSTREAM_SOCKET_MS, KEEP_ALIVE_TIMEOUT_MS, onShutdownSignals, startHttpServer } from './server.ts'
export type { ValidatedParts } from './types.ts'
export { afterResponse } from './after-response.ts'
export { isDatabaseUnavailable } from './database-unavailable.ts'
export { readCookie } from './cookies.ts'
export type { ChangeSource, PublicCacheOptions, PublicDocument } from './public-cache.ts'
export {
  gatewayCopyMaxAgeMs,
  PublicCache,
  publicCacheControl,
  publicCacheFor,
  publicDocumentOf,
  publicMaxAgeMs,
  recentChangeCookie,
  recentChangeSeconds,
  sendPublicDocument,
  serviceCopyMaxAgeMs,
} from './public-cache.ts'
export type { MultipartFileFields } from './multipart.ts'
export { readMultipartFiles } from './multipart.ts'
