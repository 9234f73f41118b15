import { describe, expect, it } from 'vitest'
import { renderHead, shorten, siteDescription } from './page-head.ts'
import { plainText } from './site-data.ts'

const template = '<html lang="es"><head><meta name="description" content="plantilla" /><title>Donaciones</title></head><body></body></html>'
const site = { name: 'Fundación <Uno>', mission: '', logo: null }

describe('page head', () => {
  it('reads the mission text out of the stored rich HTML', () => {
    expect(plainText('<p>Damos <strong>becas</strong> &amp; útiles.</p><ul><li>Uno</li><li>Dos&#33;</li></ul><script>x()</script>')).toBe('Damos becas & útiles. Uno Dos!')
  })

  it('keeps a description under 160 characters, cut at a word', () => {
    const long = `${'palabra '.repeat(40)}final`
    const short = shorten(long)
    expect(short.length).toBeLessThanOrEqual(160)
    expect(short.endsWith('palabra…')).toBe(true)
    expect(shorten('corta')).toBe('corta')
    expect(siteDescription(site)).toBe('Dona a las campañas de Fundación <Uno>. Tu donación hace la diferencia.')
  })

  it('replaces the template description and title, escaped, and links icons and manifest', () => {
    const html = renderHead(template, { kind: 'public', path: '/about', title: 'Nosotros' }, site, 'https://ejemplo.org')
    expect(html.match(/name="description"/g)).toHaveLength(1)
    expect(html).toContain('<title>Nosotros | Fundación &#60;Uno&#62;</title>')
    expect(html).toContain('<link rel="canonical" href="https://ejemplo.org/about" />')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
    expect(html).not.toContain('<Uno>')
  })
})
