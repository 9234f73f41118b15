import { z } from 'zod'
import type { ModuleName } from '../../../entities/permission.ts'
import {
  categoryCreateRequestSchema,
  categoryExportRequestSchema,
  categoryListResponseSchema,
  categoryResponseSchema,
  categoryToggleRequestSchema,
  categoryUpdateRequestSchema,
} from '../../categories.ts'
import { idParamsSchema } from '../../common.ts'
import {
  institutionCreateRequestSchema,
  institutionExportRequestSchema,
  institutionListResponseSchema,
  institutionResponseSchema,
  institutionToggleRequestSchema,
  institutionUpdateRequestSchema,
} from '../../institutions.ts'
import { categoryOptionsResponseSchema, institutionOptionsResponseSchema } from '../../options.ts'
import type { ApiOperation } from '../operation.ts'
import type { ApiTag } from '../tags.ts'
import { alreadyExists, notFound } from './shared-answers.ts'

/** Institutions and categories answer alike (the campaign service's catalog routes); this is what differs. */
interface CatalogArea {
  path: string
  tag: ApiTag
  module: ModuleName
  /** 'la institución': the record with its article, as a sentence names it. */
  one: string
  /** 'La institución', to begin a sentence. */
  subject: string
  /** 'una institución'. */
  a: string
  plural: string
  file: string
  schemas: {
    create: z.ZodType
    update: z.ZodType
    toggle: z.ZodType
    export: z.ZodType
    record: z.ZodObject
    list: z.ZodType
  }
}

function operationsOf(area: CatalogArea): ApiOperation[] {
  const { path, tag, module, schemas } = area
  const changed = schemas.record.extend({ message: z.string() })
  const missing = notFound(area.subject)
  const taken = alreadyExists(`${area.a} con ese nombre`)
  return [
    {
      method: 'GET',
      path,
      tag,
      summary: `Lista de ${area.plural}`,
      description: 'Todas, activas e inactivas.',
      access: { kind: 'permission', modules: [module], action: 'read' },
      response: { description: `Las ${area.plural}.`, schema: schemas.list },
    },
    {
      method: 'POST',
      path: `${path}/export`,
      tag,
      summary: `Exportar ${area.plural}`,
      description: 'Hoja de cálculo con las seleccionadas; sin selección, con todas.',
      access: { kind: 'permission', modules: [module], action: 'read' },
      body: { schema: schemas.export },
      response: { media: 'xlsx', description: `El archivo ${area.file}.xlsx.` },
    },
    {
      method: 'GET',
      path: `${path}/{id}`,
      tag,
      summary: `Ver ${area.one}`,
      access: { kind: 'permission', modules: [module], action: 'read' },
      params: idParamsSchema,
      response: { description: `${area.subject}.`, schema: schemas.record },
      errors: [missing],
    },
    {
      method: 'POST',
      path,
      tag,
      summary: `Crear ${area.one}`,
      access: { kind: 'permission', modules: [module], action: 'create' },
      body: { schema: schemas.create },
      response: { status: 201, description: `Mensaje de registro guardado y ${area.one} creada.`, schema: changed },
      errors: [taken],
    },
    {
      method: 'PUT',
      path: `${path}/{id}`,
      tag,
      summary: `Editar, activar o desactivar ${area.one}`,
      description: 'Con `payload: {active}` la activa o desactiva; con cualquier otro `payload` la edita. Ambos llevan la justificación (`historical`).',
      access: { kind: 'permission', modules: [module], action: 'update' },
      params: idParamsSchema,
      body: { schema: z.union([schemas.toggle, schemas.update]) },
      response: { description: `Qué cambió y ${area.one} como quedó.`, schema: changed },
      errors: [missing, taken],
    },
  ]
}

/** The campaign service's institutions, categories and the option lists of the campaign form. */
export const catalogOperations: readonly ApiOperation[] = [
  ...operationsOf({
    path: '/api/institutions',
    tag: 'Instituciones',
    module: 'institution',
    one: 'la institución',
    subject: 'La institución',
    a: 'una institución',
    plural: 'instituciones',
    file: 'instituciones',
    schemas: {
      create: institutionCreateRequestSchema,
      update: institutionUpdateRequestSchema,
      toggle: institutionToggleRequestSchema,
      export: institutionExportRequestSchema,
      record: institutionResponseSchema,
      list: institutionListResponseSchema,
    },
  }),
  ...operationsOf({
    path: '/api/categories',
    tag: 'Categorías',
    module: 'category',
    one: 'la categoría',
    subject: 'La categoría',
    a: 'una categoría',
    plural: 'categorías',
    file: 'categorias',
    schemas: {
      create: categoryCreateRequestSchema,
      update: categoryUpdateRequestSchema,
      toggle: categoryToggleRequestSchema,
      export: categoryExportRequestSchema,
      record: categoryResponseSchema,
      list: categoryListResponseSchema,
    },
  }),
  {
    method: 'GET',
    path: '/api/options/categories',
    tag: 'Categorías',
    summary: 'Categorías para el formulario de campaña',
    description: 'Las categorías activas como `{value, label}`.',
    access: { kind: 'role', roles: [0, 1] },
    response: { description: 'Las opciones.', schema: categoryOptionsResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/options/institutions',
    tag: 'Instituciones',
    summary: 'Instituciones para el formulario de campaña',
    description: 'Las instituciones activas como `{value, label}`.',
    access: { kind: 'role', roles: [0, 1] },
    response: { description: 'Las opciones.', schema: institutionOptionsResponseSchema },
  },
]
