import { campaignSegmentOf, pageKindOf } from '@donaciones/contracts'
import { useLocation } from '@donaciones/web-kit/router'
import { usePageHead } from '@donaciones/web-kit'

/**
 * The document's title, description, sharing tags and canonical link follow the route as the
 * gateway fills them on a direct load. A campaign's page sets its own once the campaign is loaded
 * (the public remote's campaign feature).
 */
export function DocumentHead() {
  const { pathname } = useLocation()
  usePageHead(campaignSegmentOf(pathname) ? null : pageKindOf(pathname))
  return null
}
