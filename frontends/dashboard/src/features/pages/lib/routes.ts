import type { Page } from '@donaciones/contracts'

/** Dashboard routes of the page screens. */
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
