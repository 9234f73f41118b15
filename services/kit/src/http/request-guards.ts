import { isUtf8 } from 'node:buffer'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { defaultErrorText, HttpError } from './http-error.ts'

/**
 * Refuses a JSON body whose bytes are not UTF-8 (RFC 8259). Decoding would otherwise turn them
 * silently into U+FFFD and store text the client never sent.
 */
export function assertUtf8Body(bytes: Buffer): void {
  if (!isUtf8(bytes)) throw new HttpError(400, 'Solicitud inválida', 'El cuerpo de la solicitud contiene caracteres no válidos')
}

/** With the `u` flag an unpaired UTF-16 surrogate is a code point of category Cs; pairs are not. */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * JSON.parse reviver refusing lone surrogates ("\ud800") in keys and strings: they are not Unicode
 * text, and storing them would replace them silently. The body parser answers its Spanish 400.
 */
export function refuseLoneSurrogates(key: string, value: unknown): unknown {
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) {
    throw new SyntaxError('Sustituto UTF-16 sin pareja')
  }
  return value
}

const CLIENT_ERROR_TEXT: Record<number, readonly [message: string, description: string]> = {
  408: ['Solicitud inválida', 'La solicitud tardó demasiado en llegar'],
  431: ['Solicitud demasiado grande', 'La dirección o los encabezados de la solicitud exceden el tamaño permitido'],
}

/**
 * `clientError` listener: a request Node cannot parse (headers or URL too long, bytes outside the
 * HTTP grammar) gets the Spanish error body instead of Node's bare English status line.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const [message, description] = CLIENT_ERROR_TEXT[status] ?? defaultErrorText(status)
  const body = JSON.stringify({ message, description })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
