import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { RequestHandler } from 'express'
import { createProxyMiddleware } from 'http-proxy-middleware'
import type { ServiceName } from '@donaciones/contracts'
import type { Logger } from '@donaciones/kit'

const unavailableBody = JSON.stringify({
  message: 'Servicio no disponible',
  description: 'El servicio no responde en este momento, intente de nuevo más tarde',
})

/** Proxies to a service's replicas in turn; an unreachable replica answers 503 in Spanish. */
export function createServiceProxy(service: ServiceName, urls: readonly string[], logger: Logger): RequestHandler {
  if (urls.length === 0) throw new Error(`Falta la dirección del servicio ${service}`)
  let next = 0
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: urls[0],
    router: () => {
      const url = urls[next % urls.length] as string
      next += 1
      return url
    },
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      error(error: Error, req: IncomingMessage, res: ServerResponse | Socket) {
        logger.warn({ err: error, service, url: req.url }, 'Servicio no disponible')
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy()
          return
        }
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' })
        res.end(unavailableBody)
      },
      proxyReq(proxyReq: ClientRequest, req: IncomingMessage) {
        // The token was checked here; services check it again from the JWKS.
        proxyReq.setHeader('x-request-id', String(req.headers['x-request-id'] ?? ''))
      },
    },
  })
  return proxy as unknown as RequestHandler
}
