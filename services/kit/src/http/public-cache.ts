import { createHash } from 'node:crypto'
import type { Request, Response } from 'express'
import { readCookie } from './cookies.ts'
import { notFound } from './http-error.ts'

/** A public answer ready to send: its JSON bytes and their entity tag. */
export interface PublicDocument {
  body: Buffer
  etag: string
}

export interface PublicCacheOptions {
  /** How old a kept document may be before it is read again (the freshness promise for other visitors); 0 keeps nothing. */
  maxAgeMs?: number
  /** Documents kept at most (the oldest kept goes first): searches and unknown slugs must not fill the memory. */
  maxEntries?: number
  now?: () => number
}

interface Entry {
  document: PublicDocument | undefined
  /** When the read that produced it started: the data is at least this old. */
  readAt: number
}

interface Pending {
  promise: Promise<PublicDocument | undefined>
  generation: number
}

/** Other visitors may see a public document at most this old at the origin (and a CDN may keep it as long). */
export const publicMaxAgeMs = 1000

/** Of that second, the gateway's shared copy of a public answer takes this much (decision 85)… */
export const gatewayCopyMaxAgeMs = 200

/** …and the owning service's kept document the rest. */
export const serviceCopyMaxAgeMs = publicMaxAgeMs - gatewayCopyMaxAgeMs

/**
 * Set by the gateway on the answer to a change (decision 80) for `recentChangeSeconds`: a request
 * carrying it is read fresh, so the visitor who changed something sees it on their next read
 * whichever replica answers, before the replicas that did not make the change have heard of it.
 */
export const recentChangeCookie = 'cambio_reciente'

/** Twice the longest a document is kept: once it is gone, every replica has read past the change. */
export const recentChangeSeconds = Math.ceil((2 * publicMaxAgeMs) / 1000)

/** What a browser or a CDN in front may do with a public answer. */
export const publicCacheControl = 'public, max-age=1, stale-while-revalidate=30'

export function publicDocumentOf(value: unknown): PublicDocument {
  const body = Buffer.from(JSON.stringify(value))
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
}

/** A loaded value as a document; `undefined` (not found) stays undefined. */
const documentOf = (value: unknown): PublicDocument | undefined => (value === undefined ? undefined : publicDocumentOf(value))

/**
 * Public documents kept in memory, read once however many visitors ask at the same moment. A
 * document is kept for at most `maxAgeMs` from the moment its read started; `invalidate()` drops
 * everything at once (a change was heard of), and a read that started before it is answered but
 * not kept. Not found (`undefined`) is kept too, so a burst on a missing page reads it once.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Pending>()
  private generation = 0
  private readonly maxAgeMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: PublicCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? serviceCopyMaxAgeMs
    this.maxEntries = options.maxEntries ?? 1000
    this.now = options.now ?? Date.now
  }

  read(key: string, load: () => Promise<unknown>): Promise<PublicDocument | undefined> {
    if (this.maxAgeMs <= 0) return load().then(documentOf)
    const entry = this.entries.get(key)
    if (entry && this.now() - entry.readAt < this.maxAgeMs) return Promise.resolve(entry.document)
    const running = this.pending.get(key)
    if (running && running.generation === this.generation) return running.promise
    const promise = this.load(key, load).finally(() => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key)
    })
    this.pending.set(key, { promise, generation: this.generation })
    return promise
  }

  /** Reads now, shared with no other request; the document is kept for the others unless a change came meanwhile. */
  readFresh(key: string, load: () => Promise<unknown>): Promise<PublicDocument | undefined> {
    if (this.maxAgeMs <= 0) return load().then(documentOf)
    return this.load(key, load)
  }

  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.pending.clear()
  }

  /**
   * Answers a public read: the document, 304 when the visitor holds it, or `missing()` thrown. From
   * memory, unless the visitor changed something a moment ago (`recentChangeCookie`).
   */
  async send(req: Request, res: Response, key: string, load: () => Promise<unknown>, missing: () => Error = notKept): Promise<void> {
    const recentChange = readCookie(req, recentChangeCookie) !== null
    const document = await (recentChange ? this.readFresh(key, load) : this.read(key, load))
    if (!document) throw missing()
    sendPublicDocument(req, res, document)
  }

  private async load(key: string, load: () => Promise<unknown>): Promise<PublicDocument | undefined> {
    const generation = this.generation
    const readAt = this.now()
    const document = documentOf(await load())
    if (this.generation === generation) this.keep(key, { document, readAt })
    return document
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }
}

const notKept = () => notFound('Recurso no encontrado', 'El recurso solicitado no existe')

/** What a public cache listens to: a call whenever its service's data may have changed (the kit's ChangeFeed). */
export interface ChangeSource {
  onChange(listener: () => void): () => void
}

/**
 * A cache of a service's public documents that drops everything whenever `changes` tells of a
 * change (the service's `ServiceContext.changes`): this process's commits at once, another
 * replica's a moment later over the bus, what is heard of no other way within the cache's age.
 */
export function publicCacheFor(changes: ChangeSource, options: PublicCacheOptions = {}): PublicCache {
  const cache = new PublicCache(options)
  changes.onChange(() => cache.invalidate())
  return cache
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === etag
  })
}

/** Sends a public document with its entity tag and cache lifetime; 304 when the visitor already holds it. */
export function sendPublicDocument(req: Request, res: Response, document: PublicDocument): void {
  res.set({ 'Cache-Control': publicCacheControl, ETag: document.etag })
  if (matches(req.get('if-none-match'), document.etag)) {
    res.status(304).end()
    return
  }
  res.type('application/json').send(document.body)
}
