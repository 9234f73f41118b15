import { describe, expect, it } from 'vitest'
import { renderHead } from './page-head.ts'

const template = '<html lang="es"><head><meta name="description" content="plantilla" /><title>Donaciones</title></head><body></body></html>'
const site = { name: 'Fundación <Uno>', mission: '', logo: null }

describe('page head', () => {
  it('replaces the template description and title, escaped, and links icons and manifest', () => {
    const html = renderHead(template, { kind: 'public', path: '/about', title: 'Nosotros' }, site, 'https://ejemplo.org')
    expect(html.match(/name="description"/g)).toHaveLength(1)
    expect(html).toContain('<title>Nosotros | Fundación &#60;Uno&#62;</title>')
    expect(html).toContain('<link rel="canonical" href="https://ejemplo.org/about" />')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
    expect(html).not.toContain('<Uno>')
    // The web kit reads the public address from it to name the same URLs on a navigation.
    expect(html).toContain('<meta name="donaciones:public-url" content="https://ejemplo.org" />')
  })
})
