import { Router } from 'express'
import { donationEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'

export const donationService: ServiceDefinition = {
  name: 'donation',
  events: donationEvents,
  projections: [],
  routes() {
    return Router()
  },
}
