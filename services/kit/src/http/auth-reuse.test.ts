import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { authenticate, createTokenVerifier } from './auth.ts'
import { createLogger } from './logger.ts'
import { createServiceApp, finishServiceApp, startHttpServer, type RunningHttpServer } from './server.ts'

/** Embedded mode: the gateway and then the service authenticate the same request object. */
describe('a session verified twice in one process', () => {
  let server: RunningHttpServer
  let token: string
  let revocationChecks = 0

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }
    token = await new SignJWT({ _id: 'u1', role: 0, active: true, name: 'Ana', lastName: 'P', email: 'a@b.mx', sv: 0 })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('u1')
      .setExpirationTime('5m')
      .sign(privateKey)
    const verifier = createTokenVerifier({ jwks: async () => ({ keys: [jwk] }) })
    const isRevoked = async () => {
      revocationChecks += 1
      return false
    }
    const app = createServiceApp({ name: 'prueba', logger: createLogger('t', { level: 'silent' }) })
    const gatewayCheck = authenticate({ verifier, required: false, isRevoked })
    const serviceCheck = authenticate({ verifier, required: true, isRevoked })
    app.get('/doble', gatewayCheck, serviceCheck, (req, res) => res.json({ id: req.auth?._id }))
    finishServiceApp(app)
    server = await startHttpServer(app, { port: 0 })
  })
  afterAll(() => server.close())

  it('asks for the session state once per request, not once per check', async () => {
    const first = await fetch(`${server.url}/doble`, { headers: { authorization: `Bearer ${token}` } })
    expect(await first.json()).toEqual({ id: 'u1' })
    await fetch(`${server.url}/doble`, { headers: { authorization: `Bearer ${token}` } })
    expect(revocationChecks).toBe(2)
  })
})
