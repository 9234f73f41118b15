import { Router } from 'express'
import { contentEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'

export const contentService: ServiceDefinition = {
  name: 'content',
  events: contentEvents,
  projections: [],
  routes() {
    return Router()
  },
}
