import type { Page } from '@donaciones/contracts'
import { putRecord, putRecordStatus } from '../../../api/records.ts'

/** API collection of the static pages (spec §7): no create, no export. */
export const PAGES_PATH = '/pages'

/** PUT the page's HTML (`content`) with the change's justification. */
export const updatePage = (id: string, content: string, justification: string) => putRecord<Page>(PAGES_PATH, id, { description: content }, justification)
export const togglePage = (id: string, active: boolean, description: string) => putRecordStatus<Page>(PAGES_PATH, id, active, description)
