import { request } from 'node:http'

export interface RawRequest {
  method: string
  /** Path and query as sent on the wire (already encoded). */
  path: string
  headers?: Record<string, string>
  body?: Buffer
}

export interface RawAnswer {
  status: number
  contentType: string
  text: string
}

/**
 * Sends exactly these bytes (fetch would refuse a GET body, re-encode the path or fix the
 * content length) and reads the whole answer. A dropped connection rejects.
 */
export function sendRaw(baseUrl: string, raw: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    let answered = false
    const headers: Record<string, string> = { ...raw.headers }
    if (raw.body) headers['content-length'] = String(raw.body.length)
    const req = request(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, agent: false },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`Sin respuesta en ${timeoutMs} ms: ${raw.method} ${raw.path}`)))
    // The server may answer (413, 422) and close before reading an oversized body; that is an answer, not a drop.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
      else setTimeout(() => answered || reject(new Error(`Conexión cortada sin respuesta: ${raw.method} ${raw.path}`)), 2_000)
    })
    req.end(raw.body)
  })
}
