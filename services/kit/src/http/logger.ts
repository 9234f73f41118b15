import type { RequestHandler } from 'express'
import { pino } from 'pino'
import type { DestinationStream, Logger } from 'pino'
// Only for its declaration of `req.log` on requests.
import type {} from 'pino-http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { logLevelSetting } from '../runtime/settings.ts'
import type {} from './types.ts'

export type { Logger } from 'pino'

export interface LoggerOptions {
  /** Defaults to LOG_LEVEL, then 'info'. */
  level?: string | undefined
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
  const wanted = (options.level ?? logLevelSetting() ?? 'info').trim().toLowerCase()
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

type LoggedRequest = IncomingMessage & { requestId?: string; originalUrl?: string; log?: Logger }

function accessLevel(res: ServerResponse, error: Error | undefined): 'error' | 'warn' | 'info' {
  if (error || res.statusCode >= 500) return 'error'
  return res.statusCode >= 400 ? 'warn' : 'info'
}

/**
 * Access log, one line per request when it finishes, with the same fields pino-http wrote
 * (`requestId`, `req`, `res`, `responseTime`). Uses the id from `requestId()` (mount that first),
 * binds it as `requestId` on `req.log`, and logs only an allow-list of request headers, so
 * Authorization and Cookie never appear. The child loggers are made only when a line is written
 * or a handler uses `req.log`: pino-http made two per request even when the level (warn in
 * production-like runs) dropped the line, about 65 µs of CPU per request.
 */
export function httpLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const request: LoggedRequest = req
    const started = Date.now()
    let requestLogger: Logger | undefined
    const bound = (): Logger => (requestLogger ??= logger.child({ requestId: request.requestId ?? '' }))
    // A logger mounted earlier (the gateway's, in one process with the services) keeps `req.log`.
    if (!Object.hasOwn(request, 'log')) Object.defineProperty(request, 'log', { get: bound, configurable: true })
    // As the request arrived: the proxy adds x-forwarded-for to these headers later.
    const requestFields = serializeRequest({ method: req.method, url: request.originalUrl || req.url, headers: req.headers, remoteAddress: req.socket.remoteAddress })
    const quiet = QUIET_PATHS.has(pathOnly(req.url) ?? '')

    const complete = (error?: Error): void => {
      res.off('close', complete)
      res.off('finish', complete)
      res.off('error', complete)
      const level = accessLevel(res, error)
      if (!logger.isLevelEnabled(level)) return
      const line = { res: { statusCode: res.statusCode }, responseTime: Date.now() - started }
      const message = `${req.method} ${pathOnly(req.url)} ${res.statusCode}`
      // The error handler logs the real error; this line only records the failed request.
      bound().child({ req: requestFields })[level](line, level === 'error' ? `${message} falló` : message)
    }
    if (!quiet) {
      res.on('close', complete)
      res.on('finish', complete)
    }
    res.on('error', complete)
    next()
  }
}
