import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { withValidation } from './validate.ts'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

const campaignInput = {
  params: z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, 'Identificador inválido') }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
  body: z.object({
    title: z.string().max(40, 'El máximo de caracteres es de 40'),
    email: z.email(),
    visibility: z.object({ counter: z.boolean() }),
  }),
}

const searchQuery = z.object({ title: z.string().trim().min(1), page: z.coerce.number().default(1) })

let server: TestServer

beforeAll(async () => {
  server = await serveTestApp((app) => {
    app.put(
      '/campaigns/:id',
      withValidation(campaignInput, (input, req, res) => {
        const page: number = input.query.page
        res.json({ ...input, page, reqBody: req.body as unknown, reqParams: req.params })
      }),
    )
    app.get(
      '/search',
      withValidation({ query: searchQuery }, ({ query }, _req, res) => {
        res.json(query)
      }),
    )
    app.post(
      '/comments',
      withValidation({ body: z.object({ comment: z.string().max(280, 'El máximo de caracteres es de 280') }) }, ({ body }, _req, res) => {
        res.status(201).json({ length: body.comment.length })
      }),
    )
  })
})

afterAll(() => server.close())

const ID = 'a'.repeat(24)

function putCampaign(id: string, body: unknown, query = '') {
  return fetch(`${server.url}/campaigns/${id}${query}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('withValidation', () => {
  it('answers 422 with Spanish messages and dotted paths for every failing field', async () => {
    const res = await putCampaign(ID, { title: 'x'.repeat(41), email: 'no-es-correo', visibility: {} })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message: 'Datos inválidos',
      description: 'El máximo de caracteres es de 40',
      errors: [
        { path: 'title', message: 'El máximo de caracteres es de 40' },
        { path: 'email', message: 'Correo electrónico inválido' },
        { path: 'visibility.counter', message: 'Campo requerido' },
      ],
    })
  })

  it('reports params, query and body problems together', async () => {
    const res = await putCampaign('xyz', { title: 'Hola', email: 'a@b.mx', visibility: { counter: 'sí' } }, '?page=0')
    expect(res.status).toBe(422)
    const body = (await res.json()) as { description: string; errors: { path: string; message: string }[] }
    expect(body.description).toBe('Identificador inválido')
    expect(body.errors.map((error) => error.path)).toEqual(['id', 'page', 'visibility.counter'])
    // zod's own messages come out in Spanish too.
    expect(body.errors[1]?.message).toMatch(/^Demasiado pequeño/)
    expect(body.errors[2]?.message).toMatch(/^Entrada inválida/)
  })

  it('replaces body and params with the parsed values, keeps the parsed query and hands over the body as sent', async () => {
    const res = await putCampaign(ID, { title: 'Hola', email: 'a@b.mx', visibility: { counter: true }, extra: 1 }, '?page=3')
    expect(res.status).toBe(200)
    const parsedBody = { title: 'Hola', email: 'a@b.mx', visibility: { counter: true } }
    expect(await res.json()).toEqual({
      body: parsedBody,
      query: { page: 3 },
      params: { id: ID },
      rawBody: { ...parsedBody, extra: 1 },
      page: 3,
      reqBody: parsedBody,
      reqParams: { id: ID },
    })
  })

  it('offers the parsed query through a typed accessor', async () => {
    const res = await fetch(`${server.url}/search?title=%20Feria%20&page=2`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ title: 'Feria', page: 2 })

    const missing = await fetch(`${server.url}/search`)
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({
      message: 'Datos inválidos',
      description: 'Campo requerido',
      errors: [{ path: 'title', message: 'Campo requerido' }],
    })
  })

  it('treats a missing JSON body as missing fields', async () => {
    const res = await fetch(`${server.url}/comments`, { method: 'POST' })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ description: 'Campo requerido', errors: [{ path: '', message: 'Campo requerido' }] })
  })

  it('passes typed input to a withValidation handler', async () => {
    const send = (comment: string) =>
      fetch(`${server.url}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ comment }),
      })
    const ok = await send('Gran causa')
    expect(ok.status).toBe(201)
    expect(await ok.json()).toEqual({ length: 10 })

    const tooLong = await send('x'.repeat(281))
    expect(tooLong.status).toBe(422)
    expect(await tooLong.json()).toMatchObject({ description: 'El máximo de caracteres es de 280' })
  })
})

describe('withValidation with a body chosen by what was sent', () => {
  const toggle = z.object({ payload: z.object({ active: z.boolean() }) })
  const update = z.object({ payload: z.object({ title: z.string().max(5, 'El máximo de caracteres es de 5') }) })
  let chooser: TestServer

  beforeAll(async () => {
    chooser = await serveTestApp((app) => {
      app.put(
        '/records',
        withValidation({ body: async (raw) => ((raw as { payload?: { active?: unknown } }).payload?.active !== undefined ? toggle : update) }, ({ body }, _req, res) => {
          res.json('active' in body.payload ? { toggled: body.payload.active } : { updated: body.payload.title })
        }),
      )
    })
  })
  afterAll(() => chooser.close())

  const put = (body: unknown) => fetch(`${chooser.url}/records`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('parses each body with its own schema and answers its own Spanish 422', async () => {
    expect(await (await put({ payload: { active: false } })).json()).toEqual({ toggled: false })
    expect(await (await put({ payload: { title: 'Hola' } })).json()).toEqual({ updated: 'Hola' })
    const tooLong = await put({ payload: { title: 'Demasiado' } })
    expect(tooLong.status).toBe(422)
    expect(await tooLong.json()).toEqual({
      message: 'Datos inválidos',
      description: 'El máximo de caracteres es de 5',
      errors: [{ path: 'payload.title', message: 'El máximo de caracteres es de 5' }],
    })
    const notBoolean = await put({ payload: { active: 'sí' } })
    expect(notBoolean.status).toBe(422)
    expect(((await notBoolean.json()) as { errors: Array<{ path: string }> }).errors[0]?.path).toBe('payload.active')
  })
})
