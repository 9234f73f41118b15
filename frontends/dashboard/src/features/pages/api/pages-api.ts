import type { Page } from '@donaciones/contracts'
import { toggleRecord, updateRecord } from '../../../hooks/record-mutations.ts'

/** API collection of the static pages (spec §7): no create, no export. */
export const PAGES_PATH = '/pages'
export const PAGE_ROUTES = {
  list: '/dashboard/pages/list',
  view: (id: string) => `/dashboard/pages/view/${id}`,
  edit: (id: string) => `/dashboard/pages/edit/${id}`,
}

/** Public route of each page, for the 'Ver en el sitio' link. */
export const PUBLIC_PATH_OF_PAGE: Record<Page['name'], string> = {
  'about-us': '/about',
  'notice-of-privacy': '/notice-of-privacy',
  'terms-and-conditions': '/terms-and-conditions',
}

export const updatePage = (id: string, description: string) => updateRecord<Page>(PAGES_PATH, id, { description })
export const togglePage = (id: string, active: boolean) => toggleRecord<Page>(PAGES_PATH, id, active)
