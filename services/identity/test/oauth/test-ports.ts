import type { AuthUser } from '@donaciones/contracts'
import type { OauthPorts, SocialProfile } from '../../src/oauth/ports.ts'

/** In-memory stand-in for the identity service's users: linked accounts, e-mail reuse, role 2 for new users. */
export class InMemorySocialUsers implements OauthPorts<AuthUser> {
  readonly users = new Map<string, AuthUser>()
  readonly links = new Map<string, string>()
  readonly profiles: SocialProfile[] = []
  readonly issued: { userId: string; token: string }[] = []

  async findOrCreateSocialUser(profile: SocialProfile): Promise<AuthUser> {
    this.profiles.push(profile)
    const linkKey = `${profile.provider}:${profile.providerId}`
    const linked = this.links.get(linkKey)
    const byEmail = profile.email ? [...this.users.values()].find((user) => user.email === profile.email) : undefined
    const existing = (linked && this.users.get(linked)) || byEmail
    if (existing) {
      this.links.set(linkKey, existing._id)
      return existing
    }
    const user: AuthUser = {
      _id: `usuario-${this.users.size + 1}`,
      role: 2,
      active: true,
      changePassword: false,
      permissions: [],
      name: profile.name,
      lastName: profile.lastName,
      thumbnail: null,
      picture: profile.picture,
      email: profile.email ?? '',
    }
    this.users.set(user._id, user)
    this.links.set(linkKey, user._id)
    return user
  }

  async issueToken(userId: string): Promise<string> {
    const token = `token-${userId}-${this.issued.length + 1}`
    this.issued.push({ userId, token })
    return token
  }

  toAuthUser(user: AuthUser): AuthUser {
    return user
  }

  add(user: AuthUser): void {
    this.users.set(user._id, user)
  }
}
