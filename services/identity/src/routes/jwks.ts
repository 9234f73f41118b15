import { Router } from 'express'
import type { SigningKey } from '../signing-keys.ts'

/** Public keys the gateway and the services verify tokens with. */
export function jwksRoutes(currentKey: () => Promise<SigningKey>): Router {
  const router = Router()
  router.get('/api/auth/jwks', async (_req, res) => {
    const key = await currentKey()
    res.set('Cache-Control', 'public, max-age=300').json({ keys: [key.publicJwk] })
  })
  return router
}
