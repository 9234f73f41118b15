import type { RequestHandler } from 'express'
import { pino } from 'pino'
import type { DestinationStream, Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type {} from './types.ts'

export type { Logger } from 'pino'

export interface LoggerOptions {
  /** Defaults to LOG_LEVEL, then 'info'. */
  level?: string
  /** Defaults to stdout; tests pass a stream to read the lines. */
  destination?: DestinationStream
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

// Belt and braces: whatever a caller logs, these never reach the output.
const REDACT = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.newPassword',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
]

export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const wanted = (options.level ?? process.env.LOG_LEVEL ?? 'info').trim().toLowerCase()
  const level = LEVELS.includes(wanted) ? wanted : 'info'
  const logger = pino(
    { level, base: { service }, redact: { paths: REDACT, censor: '[oculto]' } },
    options.destination,
  )
  if (level !== wanted) logger.warn({ LOG_LEVEL: wanted }, 'LOG_LEVEL desconocido; se usa info')
  return logger
}

const SAFE_REQUEST_HEADERS = ['user-agent', 'content-type', 'content-length', 'x-forwarded-for']

function pathOnly(url: string | undefined): string | undefined {
  // The query string can hold OAuth codes or personal data (search by e-mail).
  return url?.split('?')[0]
}

interface SerializedRequest {
  method?: string
  url?: string
  headers?: Record<string, unknown>
  remoteAddress?: string
}

function serializeRequest(req: SerializedRequest): Record<string, unknown> {
  const headers: Record<string, unknown> = {}
  for (const name of SAFE_REQUEST_HEADERS) {
    if (req.headers?.[name] !== undefined) headers[name] = req.headers[name]
  }
  return { method: req.method, url: pathOnly(req.url), headers, remoteAddress: req.remoteAddress }
}

const QUIET_PATHS = new Set(['/healthz', '/readyz'])

/**
 * Access log through pino-http. Uses the id from `requestId()` (mount that first), binds it
 * as `requestId` on `req.log`, and logs only an allow-list of request headers, so
 * Authorization and Cookie never appear.
 */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp<IncomingMessage & { requestId?: string }, ServerResponse>({
    logger,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req) => req.requestId ?? '',
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOnly(req.url) ?? '') },
    serializers: {
      req: serializeRequest,
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error'
      return res.statusCode >= 400 ? 'warn' : 'info'
    },
    customSuccessMessage: (req, res) => `${req.method} ${pathOnly(req.url)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOnly(req.url)} ${res.statusCode} falló`,
    // The error handler logs the real error; pino-http would only add a synthetic one here.
    customErrorObject: (_req, _res, _error, fields: Record<string, unknown>) => {
      const { err: _err, ...rest } = fields
      return rest
    },
  })
}
