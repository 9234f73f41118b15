import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { HistoricalEvent } from '@donaciones/contracts'
import { HistoryList } from '../components/HistoryRows.tsx'
import { HistoryJustification } from '../components/HistoryJustification.tsx'

const entry = (description: string): HistoricalEvent => ({
  _id: `e-${description.length}`,
  module: 'category',
  document: 'c-1',
  label: 'Categoría',
  title: 'Salud',
  cause: description ? 'Actualización' : 'Creación',
  description,
  createdAt: '2026-11-25T18:00:00.000Z',
  createdBy: { _id: 'a-1', name: 'Ana', fullName: 'Ana Pérez', thumbnail: null },
})

/** The justification reads the same in Histórico's timeline and in a record's own history rows. */
describe('the wording of a change without a justification', () => {
  it('says "Sin justificación" instead of an empty "Justificación:"', () => {
    const rows = renderToStaticMarkup(createElement(HistoryList, { events: [entry('')] }))
    expect(rows).toContain('Sin justificación')
    expect(rows).not.toContain('Justificación: ')
    expect(renderToStaticMarkup(createElement(HistoryJustification, { description: '  ' }))).toContain('Sin justificación')
  })

  it('labels a justification for screen readers and shows it', () => {
    const rows = renderToStaticMarkup(createElement(HistoryList, { events: [entry('Nombre más claro')] }))
    expect(rows).toContain('<span class="kit-visually-hidden">Justificación: </span>Nombre más claro')
    expect(rows).not.toContain('Sin justificación')
  })

  it('says "Autor desconocido" for an entry without an author, as Histórico does', () => {
    const rows = renderToStaticMarkup(createElement(HistoryList, { events: [{ ...entry('Cambio del sistema'), createdBy: null }] }))
    expect(rows).toContain('Autor desconocido')
    expect(rows).not.toContain('Sistema<')
  })
})
