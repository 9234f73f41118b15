import { timedRequest, type ResponseRecord } from '../../faults/support/traffic.ts'

export interface RequestOptions {
  method?: string
  json?: unknown
  /** The client address the gateway should see (X-Forwarded-For, trusted from its relay). */
  from?: string
  token?: string
}

/** The site through the gateway container (its relay), as browsers behind the edge proxy use it. */
export class Site {
  token = ''

  constructor(readonly url: string) {}

  request(path: string, options: RequestOptions = {}): Promise<ResponseRecord> {
    const headers: Record<string, string> = {}
    if (options.json !== undefined) headers['content-type'] = 'application/json'
    if (options.from) headers['x-forwarded-for'] = options.from
    const token = options.token ?? this.token
    if (token) headers.authorization = `Bearer ${token}`
    return timedRequest(`${this.url}${path}`, {
      method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
      headers,
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    })
  }

  /** A request that must answer `status`; its body. */
  async expect<T>(status: number, path: string, options: RequestOptions = {}): Promise<T> {
    const record = await this.request(path, options)
    if (record.status !== status) throw new Error(`${options.method ?? (options.json !== undefined ? 'POST' : 'GET')} ${path}: ${record.status} en vez de ${status}: ${JSON.stringify(record.body).slice(0, 500)}`)
    return record.body as T
  }
}

/** Client address number `index` (10.60.x.y), one per simulated visitor or donor. */
export function clientAddress(index: number, block = 60): string {
  return `10.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`
}
