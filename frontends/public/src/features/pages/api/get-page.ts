import { apiRequest } from '@donaciones/web-kit'
import type { PublicPage } from '@donaciones/contracts'

/** GET /public/pages/{name}: title and rich HTML description of a static page. */
export function getPublicPage(name: string, signal: AbortSignal): Promise<PublicPage> {
  return apiRequest<PublicPage>('LOAD_PAGE', `/public/pages/${encodeURIComponent(name)}`, { silent: true, signal })
}
