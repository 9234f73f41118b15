import { describe, expect, it } from 'vitest'
import { searchKey } from '@donaciones/contracts'
import { slugify, uniqueSlug } from './slug.ts'

describe('campaign slugs', () => {
  it('transliterates Spanish accents and joins words', () => {
    expect(slugify('  Ayuda para Niños y Niñas: ¡Útiles 2026!  ')).toBe('ayuda-para-ninos-y-ninas-utiles-2026')
    expect(slugify('¿?')).toBe('campana')
  })

  it('adds a numeric suffix on collision', () => {
    expect(uniqueSlug('salud', new Set())).toBe('salud')
    expect(uniqueSlug('salud', new Set(['salud', 'salud-2']))).toBe('salud-3')
  })

  it('makes search keys case- and accent-insensitive', () => {
    expect(searchKey('Niño')).toBe(searchKey('nino'))
    expect(searchKey('CAMPAÑA')).toBe('campana')
  })
})
