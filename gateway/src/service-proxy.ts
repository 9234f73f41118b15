import { Agent, type IncomingMessage, type ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { createProxyServer } from 'httpxy'
import type { ServiceName } from '@donaciones/contracts'
import { IDLE_UPSTREAM_SOCKET_MS, type Logger } from '@donaciones/kit'
import { ReplicaRotation } from './replica-rotation.ts'

const unavailableBody = JSON.stringify({
  message: 'Servicio no disponible',
  description: 'El servicio no responde en este momento, intente de nuevo más tarde',
})

/** The replica never got the request: it is down, so another may take it. */
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH'])
/** Reads may be sent again after a connection failure; a write's body is already consumed. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Keep-alive connections the gateway keeps to each replica; more requests wait for one. */
const UPSTREAM_SOCKETS = 256

function errorCode(error: Error): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : ''
}

/**
 * Proxies to a service's replicas in turn. A replica that refuses connections rests a few
 * seconds out of the rotation; a read it failed goes to another replica once; otherwise the
 * client gets 503 in Spanish.
 */
export function createServiceProxy(service: ServiceName, urls: readonly string[], logger: Logger): RequestHandler {
  if (urls.length === 0) throw new Error(`Falta la dirección del servicio ${service}`)
  const rotation = new ReplicaRotation(urls)
  const proxy = createProxyServer({
    xfwd: true,
    // Without an agent the proxy sends `connection: close` upstream and the service's answer
    // passes it on: every client request would cost two new TCP connections.
    // Idle sockets are dropped before the service would close them (see KEEP_ALIVE_TIMEOUT_MS).
    // At most UPSTREAM_SOCKETS per replica: a spike of visitors queues here on warm connections
    // instead of opening thousands to the service.
    agent: new Agent({ keepAlive: true, timeout: IDLE_UPSTREAM_SOCKET_MS, maxSockets: UPSTREAM_SOCKETS }),
    proxyTimeout: 30_000,
  })

  /** Sends the request to a replica it has not tried yet; a failure may send it to another. */
  const send = (req: IncomingMessage, res: ServerResponse, attempted: Set<string>): void => {
    const replica = rotation.pick(attempted)
    attempted.add(replica)
    proxy.web(req, res, { target: replica }).catch((error: unknown) => failed(error instanceof Error ? error : new Error(String(error)), req, res, attempted, replica))
  }

  const failed = (error: Error, req: IncomingMessage, res: ServerResponse, attempted: Set<string>, replica: string): void => {
    const code = errorCode(error)
    if (REFUSED_CODES.has(code)) rotation.markUnreachable(replica)
    const canRetry = RETRYABLE_METHODS.has(req.method ?? '') && attempted.size < rotation.size
    if (!res.headersSent && canRetry) {
      logger.warn({ err: error, service, url: req.url, replica }, 'Réplica no disponible, se intenta con otra')
      send(req, res, attempted)
      return
    }
    logger.warn({ err: error, service, url: req.url }, 'Servicio no disponible')
    if (res.headersSent) {
      res.destroy()
      return
    }
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' })
    res.end(unavailableBody)
  }

  // The request id goes upstream among the request's own headers, which the proxy copies.
  return (req, res) => {
    req.headers['x-request-id'] = req.requestId
    send(req, res, new Set<string>())
  }
}
