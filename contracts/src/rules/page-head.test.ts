import { describe, expect, it } from 'vitest'
import { campaignSegmentOf, headSiteOf, isPageHeadTag, pageHead, pageKindOf, plainText, shorten, siteDescription } from './page-head.ts'

const site = { name: 'Fundación Uno', mission: 'Damos becas.', logoPath: '/api/files/logo/raw' }

describe('the head of a page, as the gateway and the web kit write it', () => {
  it('reads the mission text out of the stored rich HTML', () => {
    expect(plainText('<p>Damos <strong>becas</strong> &amp; útiles.</p><ul><li>Uno</li><li>Dos&#33;</li></ul><script>x()</script>')).toBe('Damos becas & útiles. Uno Dos!')
  })

  it('keeps a description under 160 characters, cut at a word', () => {
    const long = `${'palabra '.repeat(40)}final`
    const short = shorten(long)
    expect(short.length).toBeLessThanOrEqual(160)
    expect(short.endsWith('palabra…')).toBe(true)
    expect(shorten('corta')).toBe('corta')
    expect(siteDescription({ name: 'Fundación <Uno>', mission: '' })).toBe('Dona a las campañas de Fundación <Uno>. Tu donación hace la diferencia.')
  })

  it('takes the site from GET /api/init: name (or Donaciones), mission as text, logo', () => {
    expect(headSiteOf({ configured: false })).toEqual({ name: 'Donaciones', mission: '', logoPath: null })
    expect(headSiteOf({ configured: true, settings: { name: '  ', logo: null }, home: { content: '<p>Misión</p>' } })).toEqual({ name: 'Donaciones', mission: 'Misión', logoPath: null })
    expect(headSiteOf({ configured: true, settings: { name: 'Uno', logo: { path: '/api/files/l/raw' } }, home: { content: '' } }).logoPath).toBe('/api/files/l/raw')
  })

  it('knows which page a path shows', () => {
    expect(pageKindOf('/about/')).toEqual({ kind: 'public', path: '/about', title: 'Nosotros' })
    expect(pageKindOf('/dashboard/campaign/list')).toEqual({ kind: 'other', private: true })
    expect(pageKindOf('/login')).toEqual({ kind: 'other', private: false })
    expect(campaignSegmentOf('/campaigns/utiles-2026/')).toBe('utiles-2026')
    expect(campaignSegmentOf('/campaigns')).toBeNull()
    expect(campaignSegmentOf('/campaigns/a/b')).toBeNull()
  })

  it('gives a campaign its title, description, image and canonical URL', () => {
    const head = pageHead({ kind: 'campaign', path: '/campaigns/utiles', campaign: { title: 'Útiles', description: 'Mochilas', thumbnailPath: '/api/files/t/raw' } }, site, 'https://ejemplo.org')
    expect(head.title).toBe('Útiles')
    expect(head.canonical).toBe('https://ejemplo.org/campaigns/utiles')
    expect(head.tags).toContainEqual(['name', 'description', 'Mochilas'])
    expect(head.tags).toContainEqual(['property', 'og:image', 'https://ejemplo.org/api/files/t/raw'])
    expect(head.tags).toContainEqual(['name', 'twitter:card', 'summary_large_image'])
    expect(head.tags.every(([attribute, key]) => isPageHeadTag(attribute, key))).toBe(true)
  })

  it('gives a private screen the site name, noindex and no canonical or sharing tags', () => {
    const head = pageHead({ kind: 'other', private: true }, site, 'https://ejemplo.org')
    expect(head).toEqual({ title: 'Fundación Uno', description: 'Damos becas.', canonical: null, tags: [['name', 'description', 'Damos becas.'], ['name', 'robots', 'noindex']] })
    expect(pageHead({ kind: 'missing-campaign' }, site, 'https://ejemplo.org').title).toBe('Campaña no encontrada | Fundación Uno')
  })

  it('replaces only the tags it writes', () => {
    expect(isPageHeadTag('name', 'viewport')).toBe(false)
    expect(isPageHeadTag('name', 'theme-color')).toBe(false)
    expect(isPageHeadTag('name', 'donaciones:public-url')).toBe(false)
    expect(isPageHeadTag('property', 'og:url')).toBe(true)
  })
})
