import type { IncomingMessage } from 'node:http'
import type { RequestHandler, Response } from 'express'
import { gatewayCopyMaxAgeMs, publicCacheControl, readCookie, recentChangeCookie, sendPublicDocument, type PublicDocument } from '@donaciones/kit'
import { changingMethods, whenChangeAccepted } from './recent-change.ts'

/** Where the services answer public documents: the public campaign and page API and the site's public configuration. */
export function servesPublicDocuments(path: string): boolean {
  return path.startsWith('/api/public/') || path === '/api/init'
}

export interface PublicCopyOptions {
  /** How long a copy is answered from memory; 0 keeps nothing. */
  maxAgeMs?: number
  /** Copies kept at most (the oldest goes first): searches must not fill the memory. */
  maxEntries?: number
  /** A body larger than this is passed on and never kept. */
  maxBytes?: number
  now?: () => number
}

interface Copy {
  document: PublicDocument
  /** When the request that fetched it started: the copy is at least this old. */
  fetchedAt: number
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** The body of an answer as it is written, up to `maxBytes` (beyond, `undefined`). */
function captureBody(res: Response, maxBytes: number): () => Buffer | undefined {
  const chunks: Buffer[] = []
  let size = 0
  const take = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > maxBytes) return
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    size += buffer.length
    chunks.push(buffer)
  }
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  res.write = ((...args: unknown[]) => {
    take(args[0], args[1])
    return write(...args)
  }) as typeof res.write
  res.end = ((...args: unknown[]) => {
    take(args[0], args[1])
    return end(...args)
  }) as typeof res.end
  return () => (size > maxBytes ? undefined : Buffer.concat(chunks))
}

/** A complete 200 that a service sent as a public document (`sendPublicDocument`), as a document to answer again. */
function keptDocument(res: Response, body: Buffer | undefined): PublicDocument | undefined {
  const etag = res.getHeader('etag')
  if (!body || !res.writableFinished || res.statusCode !== 200 || typeof etag !== 'string') return undefined
  if (res.getHeader('cache-control') !== publicCacheControl || res.hasHeader('set-cookie') || res.hasHeader('content-encoding')) return undefined
  return { body, etag }
}

/**
 * The gateway's short-lived copy of the services' public documents (decision 85): a `GET` whose
 * answer a service marked public (its `Cache-Control` and `ETag`) is answered from memory for
 * `maxAgeMs`, 304 when the visitor holds it; while one request fetches a document, the others for
 * the same URL wait for it instead of going to the service too. A visitor who has just changed
 * something (the recent-change cookie) always goes to the service, and any change answered below
 * 400 through this gateway drops every copy at once; changes made elsewhere show within `maxAgeMs`,
 * which the services' own copies leave room for in the one-second promise.
 */
export function keepPublicCopies(options: PublicCopyOptions = {}): RequestHandler {
  const maxAgeMs = options.maxAgeMs ?? gatewayCopyMaxAgeMs
  const maxEntries = options.maxEntries ?? 1000
  const maxBytes = options.maxBytes ?? 1024 * 1024
  const now = options.now ?? Date.now
  const copies = new Map<string, Copy>()
  const fetching = new Map<string, Promise<void>>()
  let generation = 0

  const dropAll = () => {
    generation += 1
    copies.clear()
  }
  const freshCopy = (key: string) => {
    const copy = copies.get(key)
    return copy && now() - copy.fetchedAt < maxAgeMs ? copy : undefined
  }
  const keep = (key: string, copy: Copy) => {
    copies.delete(key)
    copies.set(key, copy)
    if (copies.size > maxEntries) {
      const oldest = copies.keys().next().value
      if (oldest !== undefined) copies.delete(oldest)
    }
  }

  return (req, res, next) => {
    if (maxAgeMs <= 0) return next()
    if (changingMethods.has(req.method)) {
      // The change is committed once its answer is written: copies fetched before are dropped, and
      // a fetch still running when it happened is not kept.
      whenChangeAccepted(res, dropAll)
      return next()
    }
    const key = req.originalUrl
    if (req.method !== 'GET' || !servesPublicDocuments(key.split('?')[0] ?? '') || readCookie(req, recentChangeCookie) !== null) return next()
    // A body on a GET is the service's to judge (a malformed one is a 400 there), never a copy's.
    if (hasBody(req)) return next()
    const copy = freshCopy(key)
    if (copy) return sendPublicDocument(req, res, copy.document)
    const running = fetching.get(key)
    if (running) {
      void running.then(() => {
        const fetched = freshCopy(key)
        if (fetched) sendPublicDocument(req, res, fetched.document)
        else next()
      })
      return
    }
    // The service answers this one in full, so the copy has a body to answer the next ones (and their 304s).
    delete req.headers['if-none-match']
    const fetchedAt = now()
    const startedIn = generation
    const body = captureBody(res, maxBytes)
    fetching.set(
      key,
      new Promise<void>((done) => {
        res.once('close', () => {
          const document = keptDocument(res, body())
          if (document && generation === startedIn) keep(key, { document, fetchedAt })
          fetching.delete(key)
          done()
        })
      }),
    )
    next()
  }
}
