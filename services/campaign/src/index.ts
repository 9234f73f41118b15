import { Router } from 'express'
import { campaignEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'

export const campaignService: ServiceDefinition = {
  name: 'campaign',
  events: campaignEvents,
  projections: [],
  routes() {
    return Router()
  },
}
