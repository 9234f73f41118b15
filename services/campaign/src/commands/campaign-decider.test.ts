import { describe, it } from 'vitest'
import { campaignActivationToggled, campaignCreated, campaignUpdated } from '@donaciones/contracts'
import { newEvent, refuse, unprocessable } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { campaignDecider, type CampaignDetails } from './campaign-decider.ts'

const id = '2b7e1a4c-5d6f-4a8b-9c0d-1e2f3a4b5c6d'
const details: CampaignDetails = {
  title: 'Útiles escolares',
  subtitle: null,
  description: 'Mochilas para el ciclo escolar',
  content: '<p>Ayúdenos</p>',
  thumbnail: '3c8f2b5d-6e7a-4b9c-8d1e-2f3a4b5c6d7e',
  categories: [],
  institution: null,
  goal: 10000,
  duration: 30,
  date: '2026-09-01',
  gratitude: null,
  visibility: { counter: true, countdown: false, comments: true },
}
const created = newEvent(campaignCreated, { campaignId: id, slug: 'utiles', ...details, active: true })
const spec = deciderSpec(campaignDecider)
const refusal = unprocessable('Datos inválidos', 'La categoría seleccionada no existe')

describe('the campaign decider', () => {
  it('updates a campaign keeping the slug it was created with', () => {
    spec
      .given([created])
      .when({ type: 'update', id, titleTaken: false, checked: { ok: true, details: { ...details, title: 'Uniformes' } } })
      .then([newEvent(campaignUpdated, { campaignId: id, slug: 'utiles', ...details, title: 'Uniformes' })])
  })

  it('answers not found for a campaign that does not exist, before the title and the details', () => {
    spec.given([]).when({ type: 'update', id, titleTaken: true, checked: { ok: false, error: refusal } }).thenThrows(refuse.notFound())
    spec.given([]).when({ type: 'toggle', id, active: false }).thenThrows(refuse.notFound())
  })

  it('refuses a title another campaign has, before the details', () => {
    spec.given([created]).when({ type: 'update', id, titleTaken: true, checked: { ok: false, error: refusal } }).thenThrows(refuse.alreadyExists())
  })

  it('refuses with the details check when it failed', () => {
    spec.given([created]).when({ type: 'update', id, titleTaken: false, checked: { ok: false, error: refusal } }).thenThrows(refusal)
  })

  it('toggles an existing campaign', () => {
    spec.given([created]).when({ type: 'toggle', id, active: false }).then([newEvent(campaignActivationToggled, { campaignId: id, active: false })])
  })
})
