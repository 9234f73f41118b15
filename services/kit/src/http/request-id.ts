import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type {} from './types.ts'

export const REQUEST_ID_HEADER = 'x-request-id'

const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/

/** Only ids that are safe to echo and to write into logs are accepted from the caller. */
export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value)
}

/** Keeps a well-formed incoming `x-request-id` (e.g. from the gateway) or makes a UUID. */
export function requestId(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers[REQUEST_ID_HEADER]
    req.requestId = isWellFormedRequestId(incoming) ? incoming : randomUUID()
    res.setHeader(REQUEST_ID_HEADER, req.requestId)
    next()
  }
}
