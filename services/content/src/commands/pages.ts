import {
  pageActivationToggled,
  pageUpdated,
  REQUIRED,
  type HistoricalInput,
  type Page,
} from '@donaciones/contracts'
import { isBlankHtml, newEvent, notFound, sanitizeRichHtml, validationError, type ServiceContext } from '@donaciones/kit'
import { findPage, pageView } from '../projections/pages.ts'

export interface AdminChangeMeta {
  actor: string
  correlationId: string
  historical: HistoricalInput
}

export const pageNotFound = () => notFound('Página no encontrada', 'La página solicitada no existe')

/** New description (sanitised; the title is not editable). */
export async function updatePage(context: ServiceContext, pageId: string, description: string, meta: AdminChangeMeta): Promise<Page> {
  const clean = sanitizeRichHtml(description)
  if (isBlankHtml(clean)) throw validationError([{ path: 'payload.description', message: REQUIRED }])
  return context.store.transaction(async (tx) => {
    const page = await findPage(tx, context.store.schema, { id: pageId })
    if (!page) throw pageNotFound()
    await context.store.appendIn(tx, `page-${page._id}`, [newEvent(pageUpdated, { pageId: page._id, description: clean })], {
      expectedVersion: page.version,
      metadata: meta,
    })
    return pageView((await findPage(tx, context.store.schema, { id: pageId }))!)
  })
}

/** Activation toggle; the cause ('Activación'/'Desactivación') was checked against the new state by the schema. */
export async function togglePage(context: ServiceContext, pageId: string, active: boolean, meta: AdminChangeMeta): Promise<Page> {
  return context.store.transaction(async (tx) => {
    const page = await findPage(tx, context.store.schema, { id: pageId })
    if (!page) throw pageNotFound()
    if (page.active === active) return pageView(page)
    await context.store.appendIn(tx, `page-${page._id}`, [newEvent(pageActivationToggled, { pageId: page._id, active })], {
      expectedVersion: page.version,
      metadata: meta,
    })
    return pageView((await findPage(tx, context.store.schema, { id: pageId }))!)
  })
}
