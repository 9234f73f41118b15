import { useEffect } from 'react'
import { headSiteOf, isPageHeadTag, pageHead, PUBLIC_URL_META, type PageHead, type PageKind } from '@donaciones/contracts'
import { useSiteConfig } from '../config/site-config.ts'

/** The site's public address as the gateway wrote it into the document (PUBLIC_URL), else the page's own. */
export function publicUrlOf(doc: Document): string {
  const written = doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`)?.content
  return written || doc.location.origin
}

/**
 * Writes a page's head into the document as the gateway writes it on a direct load: the title,
 * the description, robots, og:* and twitter:* meta tags (those of the previous page removed) and
 * the canonical link.
 */
export function applyPageHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title
  for (const meta of Array.from(doc.head.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]'))) {
    const attribute = meta.hasAttribute('property') ? 'property' : 'name'
    if (isPageHeadTag(attribute, meta.getAttribute(attribute) ?? '')) meta.remove()
  }
  doc.head.querySelector('link[rel="canonical"]')?.remove()
  for (const [attribute, key, value] of head.tags) {
    const meta = doc.createElement('meta')
    meta.setAttribute(attribute, key)
    meta.content = value
    doc.head.append(meta)
  }
  if (head.canonical) {
    const link = doc.createElement('link')
    link.rel = 'canonical'
    link.href = head.canonical
    doc.head.append(link)
  }
}

/**
 * Keeps the document's head on `page` (contracts `pageHead`, the gateway's rules) with the site's
 * configuration, as a direct load of the same URL would have it; null leaves the head as it is.
 */
export function usePageHead(page: PageKind | null): void {
  const config = useSiteConfig((state) => state.config)
  const head = page && config ? JSON.stringify(pageHead(page, headSiteOf(config), publicUrlOf(document))) : null
  useEffect(() => {
    if (head) applyPageHead(JSON.parse(head) as PageHead)
  }, [head])
}
