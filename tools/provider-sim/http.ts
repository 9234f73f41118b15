import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

export type JsonObject = Record<string, unknown>

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A response computed once and possibly replayed (idempotency). */
export interface SimResponse {
  status: number
  body: unknown
}

export function send(res: Response, response: SimResponse, extraHeaders: Record<string, string> = {}): void {
  res.status(response.status).set(extraHeaders).json(response.body)
}

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`
}

/** Upper-case alphanumeric ids like PayPal's (17 characters). */
export function randomUpperId(length = 17): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  const bytes = randomBytes(length)
  let id = ''
  for (const byte of bytes) id += alphabet[byte % alphabet.length]
  return id
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** The origin the client used to reach us (so scripts work through localhost or 127.0.0.1 alike). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}

const allowedHeaders = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Idempotency-Key',
  'PayPal-Request-Id',
  'Prefer',
  'X-Child-Company-Id',
  'X-Conekta-Client-User-Agent',
].join(', ')

/** Answers CORS for every route: the browser tokenizer and the PayPal pages run on other origins. */
export function cors(req: Request, res: Response, next: NextFunction): void {
  res.set('Access-Control-Allow-Origin', req.get('origin') ?? '*')
  res.set('Vary', 'Origin')
  res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  res.set('Access-Control-Allow-Headers', req.get('access-control-request-headers') ?? allowedHeaders)
  res.set('Access-Control-Max-Age', '600')
  if (req.method === 'OPTIONS') {
    res.status(204).end()
    return
  }
  next()
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
