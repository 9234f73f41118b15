import { describe, it } from 'vitest'
import { pageActivationToggled, pageCreated, pageUpdated } from '@donaciones/contracts'
import { newEvent, refuse } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { pageDecider, pageNotFound } from './page-decider.ts'

const pageId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f'
const created = newEvent(pageCreated, { pageId, name: 'about-us', title: 'Nosotros', description: '<p>Misión</p>', active: true })
const deactivated = newEvent(pageActivationToggled, { pageId, active: false })
const spec = deciderSpec(pageDecider)

describe('the page decider', () => {
  it('creates an active page once', () => {
    spec.given([]).when({ kind: 'create', pageId, name: 'about-us', title: 'Nosotros', description: '<p>Misión</p>' }).then([created])
    spec.given([created]).when({ kind: 'create', pageId, name: 'about-us', title: 'Nosotros', description: '<p>Otra</p>' }).thenThrows(refuse.alreadyExists())
  })

  it('records a new description of an existing page', () => {
    spec.given([created]).when({ kind: 'update', pageId, description: '<p>Nueva</p>' }).then([newEvent(pageUpdated, { pageId, description: '<p>Nueva</p>' })])
    spec.given([created, deactivated]).when({ kind: 'update', pageId, description: '<p>Nueva</p>' }).then([newEvent(pageUpdated, { pageId, description: '<p>Nueva</p>' })])
  })

  it('toggles a page to the other state, and records nothing for the state it already has', () => {
    spec.given([created]).when({ kind: 'toggle', pageId, active: false }).then([deactivated])
    spec.given([created, deactivated]).when({ kind: 'toggle', pageId, active: true }).then([newEvent(pageActivationToggled, { pageId, active: true })])
    spec.given([created]).when({ kind: 'toggle', pageId, active: true }).then([])
    spec.given([created, deactivated]).when({ kind: 'toggle', pageId, active: false }).then([])
  })

  it('answers 404 Página no encontrada for a page never created', () => {
    spec.given([]).when({ kind: 'update', pageId, description: '<p>Nueva</p>' }).thenThrows(pageNotFound())
    spec.given([]).when({ kind: 'toggle', pageId, active: false }).thenThrows(pageNotFound())
  })
})
