import { describe, it } from 'vitest'
import { newEvent, refuse } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { categoryKind, institutionKind } from '../catalog-kinds.ts'
import { catalogDecider } from './catalog-decider.ts'

const id = '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b'

describe.each([institutionKind, categoryKind])('the $kind decider', (kind) => {
  const spec = deciderSpec(catalogDecider(kind))
  const created = newEvent(kind.created, { [kind.idField]: id, [kind.label]: 'Salud', description: 'Clínicas', active: true })
  const removed = newEvent(kind.removed, { [kind.idField]: id })

  it('creates an active record under a free label', () => {
    spec.given([]).when({ type: 'create', id, label: 'Salud', description: 'Clínicas', labelTaken: false }).then([created])
  })

  it('refuses to create under a label already taken', () => {
    spec.given([]).when({ type: 'create', id, label: 'Salud', description: 'Clínicas', labelTaken: true }).thenThrows(refuse.alreadyExists())
  })

  it('updates the label and description of an existing record', () => {
    spec
      .given([created])
      .when({ type: 'update', id, label: 'Educación', description: 'Escuelas', labelTaken: false })
      .then([newEvent(kind.updated, { [kind.idField]: id, [kind.label]: 'Educación', description: 'Escuelas' })])
  })

  it('refuses an update to a label another record has', () => {
    spec.given([created]).when({ type: 'update', id, label: 'Educación', description: 'Escuelas', labelTaken: true }).thenThrows(refuse.alreadyExists())
  })

  it('answers not found for an update of a record that does not exist, before looking at the label', () => {
    spec.given([]).when({ type: 'update', id, label: 'Educación', description: 'Escuelas', labelTaken: true }).thenThrows(refuse.notFound())
    spec.given([created, removed]).when({ type: 'update', id, label: 'Educación', description: 'Escuelas', labelTaken: false }).thenThrows(refuse.notFound())
  })

  it('toggles an existing record either way', () => {
    spec.given([created]).when({ type: 'toggle', id, active: false }).then([newEvent(kind.toggled, { [kind.idField]: id, active: false })])
    spec
      .given([created, newEvent(kind.toggled, { [kind.idField]: id, active: false })])
      .when({ type: 'toggle', id, active: true })
      .then([newEvent(kind.toggled, { [kind.idField]: id, active: true })])
  })

  it('answers not found for a toggle of a record that does not exist', () => {
    spec.given([]).when({ type: 'toggle', id, active: false }).thenThrows(refuse.notFound())
    spec.given([created, removed]).when({ type: 'toggle', id, active: true }).thenThrows(refuse.notFound())
  })

  it("creates the setup's record once: a retried setup records nothing, and one undone creates it again", () => {
    const setup = { type: 'setup' as const, id, label: 'Salud', description: 'Clínicas' }
    spec.given([]).when(setup).then([created])
    spec.given([created]).when(setup).then([])
    spec.given([created, removed]).when(setup).then([created])
  })

  it("removes the setup's record if it exists, and records nothing otherwise (the undo may be repeated)", () => {
    spec.given([created]).when({ type: 'remove', id }).then([removed])
    spec.given([created, newEvent(kind.toggled, { [kind.idField]: id, active: false })]).when({ type: 'remove', id }).then([removed])
    spec.given([]).when({ type: 'remove', id }).then([])
    spec.given([created, removed]).when({ type: 'remove', id }).then([])
  })
})
