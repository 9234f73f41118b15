import type { AuthUser } from '@donaciones/contracts'
import { inactiveUser } from './errors.ts'
import type { OauthPorts, SocialProfile } from './ports.ts'

/** The user a provider-vouched profile belongs to (found or created); an inactive user is refused. */
export async function signInProfile<User>(ports: OauthPorts<User>, profile: SocialProfile): Promise<AuthUser> {
  const user = ports.toAuthUser(await ports.findOrCreateSocialUser(profile))
  if (!user.active) throw inactiveUser()
  return user
}
