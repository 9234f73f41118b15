import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildApiDocument } from './build-document.ts'
import { apiOperations } from './catalogue.ts'
import type { ApiOperation } from './operation.ts'

const operation = (overrides: Partial<ApiOperation>): ApiOperation => ({
  method: 'GET',
  path: '/api/prueba',
  tag: 'Operación',
  summary: 'Prueba',
  access: { kind: 'public' },
  response: { description: 'Respuesta.' },
  ...overrides,
})

const onlyOperation = (overrides: Partial<ApiOperation>) => {
  const built = buildApiDocument([operation(overrides)])
  const item = Object.values(built.paths)[0]
  const doc = item?.get ?? item?.post ?? item?.put
  if (!doc) throw new Error('Sin operación')
  return doc
}

describe('buildApiDocument', () => {
  it('turns the whole catalogue into a valid OpenAPI 3.1 document', async () => {
    const document = buildApiDocument(apiOperations, { serverUrl: 'https://donaciones.example.mx' })
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>)
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined()
    expect(validator.version).toBe('3.1')
    expect(document.servers).toEqual([{ url: 'https://donaciones.example.mx', description: 'Este sitio' }])
    // Every operation's tag is one the document lists, so the dashboard shows every one.
    const tags = new Set(document.tags.map((tag) => tag.name))
    expect(apiOperations.filter((entry) => !tags.has(entry.tag))).toEqual([])
  })

  it('refuses a route described twice', () => {
    expect(() => buildApiDocument([operation({}), operation({ summary: 'Otra' })])).toThrow('Ruta descrita dos veces: GET /api/prueba')
  })

  it('declares every path parameter, typed by the params contract where there is one', () => {
    const doc = onlyOperation({ path: '/api/cosas/{id}/partes/{parte}', params: z.object({ id: z.uuid() }) })
    expect(doc.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
      { name: 'parte', in: 'path', required: true, schema: { type: 'string' } },
    ])
  })

  it('describes what a client sends (defaults optional) and what it receives (extra keys allowed unless strict)', () => {
    const doc = onlyOperation({
      method: 'POST',
      query: z.object({ page: z.coerce.number().default(1), title: z.string() }),
      body: { schema: z.object({ amount: z.number(), type: z.enum(['a', 'b']).default('a') }) },
      response: { description: 'Respuesta.', schema: z.object({ plain: z.object({ a: z.string() }), strict: z.strictObject({ b: z.string() }) }) },
    })
    expect(doc.parameters?.map(({ name, required }) => ({ name, required }))).toEqual([
      { name: 'page', required: false },
      { name: 'title', required: true },
    ])
    const body = doc.requestBody?.content['application/json']?.schema
    expect(doc.requestBody?.required).toBe(true)
    expect(body?.required).toEqual(['amount'])
    const answer = doc.responses['200']?.content?.['application/json']?.schema
    expect(answer).not.toHaveProperty('additionalProperties')
    expect(answer?.properties?.plain).not.toHaveProperty('additionalProperties')
    expect(answer?.properties?.strict).toHaveProperty('additionalProperties', false)
    expect(answer).not.toHaveProperty('$schema')
  })

  it('marks a body that may be left out as not required, and a multipart form as such', () => {
    expect(onlyOperation({ method: 'PUT', body: { schema: z.object({ login: z.literal(false) }).optional() } }).requestBody?.required).toBe(false)
    const upload = onlyOperation({ method: 'POST', body: { schema: z.object({ file: z.file() }), media: 'multipart' } })
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data'])
    expect(upload.responses).not.toHaveProperty('400')
  })

  it('states the access: security requirements, x-access and the refusals it implies', () => {
    const open = onlyOperation({})
    expect(open.security).toEqual([])
    expect(open['x-access']).toMatchObject({ kind: 'public', summary: 'Pública: no requiere sesión.' })
    expect(Object.keys(open.responses)).toEqual(['200', '503', 'default'])

    expect(onlyOperation({ access: { kind: 'optional' } }).security).toEqual([{}, { sesion: [] }])

    const restricted = onlyOperation({ access: { kind: 'permission', modules: ['campaign'], action: 'update' }, accessNote: 'Nota.' })
    expect(restricted.security).toEqual([{ sesion: [] }])
    expect(restricted['x-access']).toMatchObject({
      kind: 'permission',
      modules: ['campaign'],
      action: 'update',
      summary: 'Administrador total, o administrador restringido con el permiso Actualizar en Campañas.',
      note: 'Nota.',
    })
    expect(Object.keys(restricted.responses)).toEqual(['200', '401', '403', '503', 'default'])
    // Donaciones offers Leer alone: nobody but role 0 can hold an update on it.
    expect(onlyOperation({ access: { kind: 'permission', modules: ['donation'], action: 'update' } })['x-access'].summary).toBe(
      'Solo Administrador total: Donaciones solo admite el permiso Leer.',
    )
  })

  it('joins the route own refusals to the implied ones, and a route that checks its parameters itself answers its own refusal', () => {
    const doc = onlyOperation({
      path: '/api/contadores/{name}',
      params: z.object({ name: z.enum(['visits']) }),
      invalidParams: { status: 404, description: 'Contador no encontrado.' },
      access: { kind: 'session' },
      errors: [{ status: 403, description: 'Solo la propia cuenta.' }],
    })
    expect(doc.responses).not.toHaveProperty('422')
    expect(doc.responses['404']?.description).toBe('Contador no encontrado.')
    expect(doc.responses['403']?.description).toBe('La cuenta debe cambiar su contraseña antes de continuar. Solo la propia cuenta.')
    expect(doc.responses['403']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' })
  })
})
