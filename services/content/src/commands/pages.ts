import { REQUIRED, type HistoricalInput, type Page } from '@donaciones/contracts'
import { handleCommandIn, isBlankHtml, retryingTransaction, sanitizeRichHtml, validationError, type ServiceContext } from '@donaciones/kit'
import { findPage } from '../projections/pages.ts'
import { pageDecider, pageStream, type PageCommand } from './page-decider.ts'

export interface AdminChangeMeta {
  actor: string
  correlationId: string
  historical: HistoricalInput
}

/** Decides on the page's stream and answers the page as the read model has it after the append (same transaction). */
function runPageCommand(context: ServiceContext, command: PageCommand & { kind: 'update' | 'toggle' }, meta: AdminChangeMeta): Promise<Page> {
  const { store } = context
  return retryingTransaction(store, async (tx) => {
    await handleCommandIn(store, tx, pageStream(command.pageId), pageDecider, command, { metadata: meta })
    const page = await findPage(tx, store.schema, { id: command.pageId })
    if (!page) throw new Error('La página no aparece en el modelo de lectura')
    return page
  })
}

/** New description (sanitised; the title is not editable). */
export async function updatePage(context: ServiceContext, pageId: string, description: string, meta: AdminChangeMeta): Promise<Page> {
  const clean = sanitizeRichHtml(description)
  if (isBlankHtml(clean)) throw validationError([{ path: 'payload.description', message: REQUIRED }])
  return runPageCommand(context, { kind: 'update', pageId, description: clean }, meta)
}

/** Activation toggle; the cause ('Activación'/'Desactivación') was checked against the new state by the schema. */
export async function togglePage(context: ServiceContext, pageId: string, active: boolean, meta: AdminChangeMeta): Promise<Page> {
  return runPageCommand(context, { kind: 'toggle', pageId, active }, meta)
}
