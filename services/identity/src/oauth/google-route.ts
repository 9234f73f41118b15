import { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import type { TokenResponse } from '@donaciones/contracts'
import type { OauthContext, ResolvedOauthOptions } from './context.ts'
import { invalidGoogleCredential } from './errors.ts'
import { verifyGoogleIdToken } from './google-id-token.ts'
import type { OauthPorts } from './ports.ts'
import { requireGoogleClientId } from './provider-settings.ts'
import { signInProfile } from './sign-in.ts'

/** Only the ID token counts; e-mail, names and providerId sent by the browser are ignored. */
const credentialSchema = z.object({ credential: z.string().min(1).max(8192) })

/** `POST /api/auth/google-register-or-login {credential, …}` → `{token}` once Google's signature checks out. */
export function googleRoute<User>(context: OauthContext, ports: OauthPorts<User>, options: ResolvedOauthOptions): Router {
  const router = Router()
  router.post('/api/auth/google-register-or-login', async (req: Request, res: Response) => {
    const clientId = await requireGoogleClientId(context)
    const body = credentialSchema.safeParse(req.body)
    if (!body.success) throw invalidGoogleCredential()
    const profile = await verifyGoogleIdToken({ credential: body.data.credential, clientId, base: options.baseUrls.google })
    const user = await signInProfile(ports, profile)
    const answer: TokenResponse = { token: await ports.issueToken(user._id) }
    res.set('Cache-Control', 'no-store').json(answer)
  })
  return router
}
