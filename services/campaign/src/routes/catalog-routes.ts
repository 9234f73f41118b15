import { Router, type Request } from 'express'
import {
  adminChangeSchema,
  exportRequestSchema,
  idParamsSchema,
  RECORD_ACTIVATED,
  RECORD_DEACTIVATED,
  RECORD_SAVED,
  RECORD_UPDATED,
  toggleRequestSchema,
  isToggleRequest,
} from '@donaciones/contracts'
import { notFound, requirePermission, unauthorized, withValidation, type ServiceContext } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
import type { CatalogKind } from '../catalog-kinds.ts'
import { createCatalogRecord, toggleCatalogRecord, updateCatalogRecord, type CommandContext } from '../commands/catalog-commands.ts'
import { findCatalog, listCatalog, type CatalogRecord } from '../projections/catalog-queries.ts'

function toResponse(kind: CatalogKind, record: CatalogRecord) {
  const { label, ...rest } = record
  return { ...rest, [kind.label]: label }
}


/** List, read, create, update, (de)activate and export institutions or categories (spec §2.5, §7). */
export function catalogRoutes(context: ServiceContext, kind: CatalogKind): Router {
  const { store, auth } = context
  const router = Router()
  const command = (req: Request): CommandContext => {
    if (!req.auth) throw unauthorized()
    return { store, actor: req.auth._id, correlationId: req.requestId }
  }
  const changeSchema = adminChangeSchema(kind.input)

  router.get(kind.path, auth.required, requirePermission(kind.module, 'read'), async (_req, res) => {
    res.json((await listCatalog(store.db, store.schema, kind)).map((record) => toResponse(kind, record)))
  })

  router.post(`${kind.path}/export`, auth.required, requirePermission(kind.module, 'read'), withValidation({ body: exportRequestSchema }, async ({ body: { selection } }, _req, res) => {
    const records = await listCatalog(store.db, store.schema, kind, selection)
    const workbook = await buildXlsx({
      name: kind.sheet.name,
      rows: records,
      columns: [
        { header: kind.sheet.labelHeader, value: (record) => record.label },
        { header: 'Descripción', value: (record) => record.description },
        { header: 'Activo', value: (record) => (record.active ? 'Sí' : 'No') },
        { header: 'Fecha de creación', value: (record) => new Date(record.createdAt), type: 'dateTime' },
      ],
    })
    sendXlsx(res, kind.sheet.fileName, workbook)
  }))

  router.get(`${kind.path}/:id`, auth.required, requirePermission(kind.module, 'read'), withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    const record = await findCatalog(store.db, store.schema, kind, id)
    if (!record) throw notFound()
    res.json(toResponse(kind, record))
  }))

  router.post(kind.path, auth.required, requirePermission(kind.module, 'create'), withValidation({ body: kind.input }, async ({ body }, req, res) => {
    const id = await createCatalogRecord(command(req), kind, body)
    const record = await findCatalog(store.db, store.schema, kind, id)
    res.status(201).json({ message: RECORD_SAVED, ...(record ? toResponse(kind, record) : { _id: id }) })
  }))

  // `{payload: {active}}` toggles; any other payload updates.
  const changeBody = (raw: unknown) => (isToggleRequest(raw) ? toggleRequestSchema : changeSchema)
  router.put(`${kind.path}/:id`, auth.required, requirePermission(kind.module, 'update'), withValidation({ params: idParamsSchema, body: changeBody }, async ({ params: { id }, body }, req, res) => {
    let message: string
    if (isToggleRequest(body)) {
      await toggleCatalogRecord(command(req), kind, id, body.payload.active, body.historical)
      message = body.payload.active ? RECORD_ACTIVATED : RECORD_DEACTIVATED
    } else {
      await updateCatalogRecord(command(req), kind, id, body.payload, body.historical)
      message = RECORD_UPDATED
    }
    const record = await findCatalog(store.db, store.schema, kind, id)
    res.json({ message, ...(record ? toResponse(kind, record) : { _id: id }) })
  }))

  return router
}
