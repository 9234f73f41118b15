import { randomUUID } from 'node:crypto'
import { socialAccountLinked, userCreated, type AuthUser, type SocialProvider } from '@donaciones/contracts'
import { handleCommandIn, newEvent, retryingTransaction, type NewEvent } from '@donaciones/kit'
import { pendingSignUp } from '../oauth/errors.ts'
import type { OauthPorts, SocialProfile } from '../oauth/ports.ts'
import { findUserByEmail, findUserById, findUserBySocialAccount, toAuthUser, type UserRow } from '../projections/users.ts'
import { issueToken } from '../tokens.ts'
import { guardEmailRace, userStream, type IdentityDeps } from './deps.ts'
import { userDecider } from './user-decider.ts'

/** An account whose provider shares no e-mail still needs a unique one; this domain never receives mail. */
export function placeholderEmail(provider: SocialProvider, providerId: string): string {
  return `${provider}-${providerId.replace(/[^A-Za-z0-9._-]/g, '_')}@sin-correo.invalid`
}

/**
 * Social sign-in after the provider vouched for the profile: the linked user; else the user with
 * that e-mail (linked now) when that e-mail is verified; else a new active user of role 2. A self
 * sign-up whose e-mail nobody verified yet is refused (403) and left unlinked: whoever registered it
 * chose its password, and linking would share the account with them. Never changes role or permissions.
 */
export async function findOrCreateSocialUser(deps: IdentityDeps, profile: SocialProfile, correlationId = randomUUID()): Promise<UserRow> {
  const { store } = deps.context
  const userId = await guardEmailRace(() =>
    retryingTransaction(store, async (tx) => {
      const linked = await findUserBySocialAccount(tx, store.schema, profile.provider, profile.providerId)
      if (linked) return linked.id
      const byEmail = profile.email ? await findUserByEmail(tx, store.schema, profile.email) : undefined
      if (byEmail) {
        if (!byEmail.email_verified) throw pendingSignUp()
        const command = { kind: 'link-social' as const, provider: profile.provider, providerId: profile.providerId }
        await handleCommandIn(store, tx, userStream(byEmail.id), userDecider, command, { metadata: { actor: byEmail.id, correlationId } })
        return byEmail.id
      }
      const id = randomUUID()
      const events: NewEvent[] = [
        newEvent(userCreated, {
          userId: id,
          name: profile.name,
          lastName: profile.lastName,
          email: profile.email ?? placeholderEmail(profile.provider, profile.providerId),
          thumbnail: null,
          picture: profile.picture,
          role: 2,
          permissions: [],
          active: true,
          changePassword: false,
          origin: profile.provider,
        }),
        newEvent(socialAccountLinked, { userId: id, provider: profile.provider, providerId: profile.providerId }),
      ]
      await store.appendIn(tx, userStream(id), events, { expectedVersion: 0, metadata: { actor: id, correlationId } })
      return id
    }),
  )
  const user = await findUserById(store.db, store.schema, userId)
  if (!user) throw new Error('El usuario de la red social no aparece en el modelo de lectura')
  return user
}

/** The ports the oauth module (src/oauth) asks of the identity service. */
export function socialSignInPorts(deps: IdentityDeps): OauthPorts<UserRow> {
  return {
    findOrCreateSocialUser: (profile: SocialProfile): Promise<UserRow> => findOrCreateSocialUser(deps, profile),
    async issueToken(userId: string): Promise<string> {
      const user = await findUserById(deps.context.store.db, deps.context.store.schema, userId)
      if (!user) throw new Error(`Usuario desconocido: ${userId}`)
      return issueToken(deps.context, user, deps.options.tokenTtlSeconds)
    },
    toAuthUser: (user: UserRow): AuthUser => toAuthUser(user),
  }
}
