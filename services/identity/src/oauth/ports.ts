import type { AuthUser, SocialProvider } from '@donaciones/contracts'

/** Who the provider says signed in. Built only from what the provider itself answered or signed. */
export interface SocialProfile {
  provider: SocialProvider
  /** The provider's stable id for the person (Google `sub`, Facebook `id`, Twitter/X `id`). */
  providerId: string
  /** An address the provider vouches for (verified/confirmed), else null (e.g. Twitter/X without e-mail access). */
  email: string | null
  name: string
  lastName: string
  /** Profile picture URL at the provider. */
  picture: string | null
}

/**
 * What social sign-in needs from the rest of the identity service (implemented by its
 * commands and projections; the oauth module never touches users directly).
 */
export interface OauthPorts<User> {
  /**
   * The user linked to `provider` + `providerId`; else the user with the same e-mail (reused and
   * linked) when that e-mail is verified, a refusal when it is not; else a new active user of role 2.
   * Called only after the provider vouched for the profile.
   */
  findOrCreateSocialUser(profile: SocialProfile): Promise<User>
  /** A signed session token for that user (the same kind `POST /api/auth/login` returns). */
  issueToken(userId: string): Promise<string>
  /** The session view of a user (spec §3 Auth user). */
  toAuthUser(user: User): AuthUser
}
