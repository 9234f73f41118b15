import { Router } from 'express'
import { identityEvents } from '@donaciones/contracts'
import type { ServiceContext, ServiceDefinition } from '@donaciones/kit'
import { jwksRoutes } from './routes/jwks.ts'
import { ensureSigningKey, type SigningKey } from './signing-keys.ts'

const keys = new WeakMap<ServiceContext['store'], Promise<SigningKey>>()

function signingKeyOf(context: ServiceContext): Promise<SigningKey> {
  let key = keys.get(context.store)
  if (!key) {
    key = ensureSigningKey(context.db, context.store.schema)
    keys.set(context.store, key)
  }
  return key
}

export const identityService: ServiceDefinition = {
  name: 'identity',
  events: identityEvents,
  projections: [],
  async setup(context) {
    await signingKeyOf(context)
  },
  routes(context) {
    const router = Router()
    router.use(jwksRoutes(() => signingKeyOf(context)))
    return router
  },
}

export { ensureSigningKey, signingAlgorithm, type SigningKey } from './signing-keys.ts'
