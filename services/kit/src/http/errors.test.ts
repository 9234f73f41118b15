import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConcurrencyError } from '../eventstore/errors.ts'
import { conflict, notFound, tooManyRequests } from './http-error.ts'
import { refuse } from '../domain/refusal.ts'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

let server: TestServer

beforeAll(async () => {
  server = await serveTestApp(
    (app) => {
      app.post('/echo', (req, res) => {
        res.json({ received: req.body as unknown })
      })
      app.get('/boom', () => {
        throw new Error('detalle secreto de la base de datos')
      })
      app.get('/boom-async', async () => {
        await Promise.resolve()
        throw new TypeError('fallo asíncrono secreto')
      })
      app.get('/conflict', () => {
        throw new ConcurrencyError('campaign-1', 3)
      })
      app.get('/duplicate', () => {
        throw conflict()
      })
      app.get('/campaign/:id', () => {
        throw notFound('Campaña no encontrada')
      })
      app.get('/refused/:reason', (req) => {
        const refusals = {
          'not-found': refuse.notFound('Página no encontrada', 'La página solicitada no existe'),
          'already-exists': refuse.alreadyExists(),
          'not-allowed': refuse.notAllowed(),
          'rule-broken': refuse.ruleBroken('Operación no permitida', 'Debe existir al menos un administrador total activo'),
          invalid: refuse.invalid([{ path: 'payload.keys.paypal.secret', message: 'Campo requerido' }]),
        }
        throw refusals[req.params.reason as keyof typeof refusals]
      })
      app.get('/limited', () => {
        throw tooManyRequests(undefined, undefined, { headers: { 'Retry-After': '30' } })
      })
      app.post('/zod', (req, res) => {
        res.json(z.object({ amount: z.number({ error: 'Monto inválido' }) }).parse(req.body))
      })
    },
    { bodyLimit: '1kb' },
  )
})

afterAll(() => server.close())

const post = (path: string, body: string) =>
  fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('error handler', () => {
  it('answers a decider’s refusal with the status of its reason and its Spanish text', async () => {
    const answers = await Promise.all(
      ['not-found', 'already-exists', 'not-allowed', 'rule-broken', 'invalid'].map(async (reason) => {
        const res = await fetch(`${server.url}/refused/${reason}`)
        return [reason, res.status, await res.json()] as const
      }),
    )
    expect(answers).toEqual([
      ['not-found', 404, { message: 'Página no encontrada', description: 'La página solicitada no existe' }],
      ['already-exists', 409, { message: 'Registro ya existente', description: 'Ya existe un registro con los mismos datos' }],
      ['not-allowed', 403, { message: 'Acceso denegado', description: 'No tiene permiso para realizar esta acción' }],
      ['rule-broken', 422, { message: 'Operación no permitida', description: 'Debe existir al menos un administrador total activo' }],
      ['invalid', 422, { message: 'Datos inválidos', description: 'Campo requerido', errors: [{ path: 'payload.keys.paypal.secret', message: 'Campo requerido' }] }],
    ])
  })

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await post('/echo', '{"title": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Solicitud inválida',
      description: 'El cuerpo de la solicitud no es JSON válido',
    })
  })

  it('parses a well-formed JSON body', async () => {
    const res = await post('/echo', '{"title":"Hola"}')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: { title: 'Hola' } })
  })

  it('answers a body over the limit with a Spanish 413', async () => {
    const res = await post('/echo', JSON.stringify({ content: 'x'.repeat(2048) }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      message: 'Solicitud demasiado grande',
      description: 'El cuerpo de la solicitud excede el tamaño permitido',
    })
  })

  it('answers an unknown route with a Spanish 404', async () => {
    const res = await fetch(`${server.url}/no-existe`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({
      message: 'Recurso no encontrado',
      description: 'La dirección solicitada no existe',
    })
  })

  it('answers a malformed URL encoding with a Spanish 400, not a 500', async () => {
    const res = await fetch(`${server.url}/campaign/%E0%A4%A`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Solicitud inválida', description: 'Verifique los datos proporcionados' })
  })

  it.each(['/boom', '/boom-async'])('hides an unexpected error (%s) behind a Spanish 500 and logs it with the request id', async (path) => {
    const res = await fetch(server.url + path)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' })
    expect(text).not.toMatch(/secreto|stack|\.ts/)

    const requestId = res.headers.get('x-request-id')
    const logged = server.logs().find((line) => line.msg === 'Error no controlado' && line.requestId === requestId)
    expect(logged).toBeDefined()
    expect(JSON.stringify(logged)).toContain('secreto')
  })

  it('maps a ConcurrencyError to 409', async () => {
    const res = await fetch(`${server.url}/conflict`)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      message: 'El registro fue modificado por otra operación',
      description: 'Vuelva a cargar la información e intente de nuevo',
    })
  })

  it('uses the status, texts and headers of an HttpError', async () => {
    const missing = await fetch(`${server.url}/campaign/abc`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      message: 'Campaña no encontrada',
      description: 'El recurso solicitado no existe',
    })

    const duplicate = await fetch(`${server.url}/duplicate`)
    expect(duplicate.status).toBe(409)
    expect(await duplicate.json()).toMatchObject({ message: 'Registro ya existente' })

    const limited = await fetch(`${server.url}/limited`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(await limited.json()).toEqual({
      message: 'Demasiadas solicitudes',
      description: 'Espere un momento e intente de nuevo',
    })
  })

  it('maps a ZodError thrown by a handler to 422', async () => {
    const res = await post('/zod', '{"amount":"cien"}')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Datos inválidos',
      description: 'Monto inválido',
      errors: [{ path: 'amount', message: 'Monto inválido' }],
    })
  })
})
