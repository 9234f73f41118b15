import { describe, expect, it } from 'vitest'
import { apiOperations, buildApiDocument } from '@donaciones/contracts'
import { fieldsOf, referenceGroups, searchGroups, typeLabel } from './api-reference.ts'

const groups = referenceGroups(buildApiDocument(apiOperations))
const find = (method: string, path: string) => groups.flatMap((group) => group.operations).find((operation) => operation.method === method && operation.path === path)

describe('the API reference the dashboard shows', () => {
  it('lists every operation once, under its tag, in the order of the tag list', () => {
    expect(groups.reduce((count, group) => count + group.operations.length, 0)).toBe(apiOperations.length)
    expect(groups[0]?.tag).toBe('Sesión')
    expect(groups.at(-1)?.tag).toBe('Operación')
  })

  it('shows access, parameters, each form of the body and the answers in Spanish', () => {
    const update = find('PUT', '/api/pages/{id}')
    expect(update?.access).toBe('Administrador total, o administrador restringido con el permiso Actualizar en Páginas.')
    expect(update?.parameters).toEqual([expect.objectContaining({ name: 'id', place: 'ruta', required: true })])
    expect(update?.body?.forms).toHaveLength(2)
    expect(update?.body?.forms[0]?.map((field) => field.name)).toEqual(['payload', 'payload.active', 'historical', 'historical.cause', 'historical.description'])
    expect(update?.answers.map((answer) => answer.status)).toEqual(['200'])
    expect(update?.errors.map((answer) => answer.status)).toEqual(['400', '401', '403', '404', '422', '503', 'Otro'])
  })

  it('names types, limits and defaults as a person reads them', () => {
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('lista de entero')
    expect(typeLabel({ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] })).toBe('identificador o nulo')
    expect(typeLabel({ type: 'string', enum: ['pending', 'issued'] })).toBe('uno de «pending», «issued»')
    expect(fieldsOf({ type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } })).toEqual([
      { name: 'page', type: 'entero', required: false, detail: 'desde 1, por omisión 1' },
    ])
    const upload = find('POST', '/api/files')
    expect(upload?.body?.media).toBe('multipart/form-data')
    expect(upload?.body?.forms[0]?.[0]).toMatchObject({ name: 'file', type: 'archivo', required: true, detail: 'hasta 5120 KB, image/jpeg, image/png, image/gif, image/webp' })
  })

  it('finds operations by path, method or summary, accents aside', () => {
    const found = searchGroups(groups, 'cerrar sesion')
    expect(found.flatMap((group) => group.operations).map((operation) => operation.path)).toEqual(['/api/auth/logout/{id}'])
    expect(searchGroups(groups, 'nada-parecido')).toEqual([])
    expect(searchGroups(groups, '  ')).toHaveLength(groups.length)
  })
})
