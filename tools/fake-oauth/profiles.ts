import type { FakeProvider, FakeUser } from './types.ts'

function fullName(user: FakeUser): string {
  return `${user.givenName} ${user.familyName}`.trim()
}

/** Google's OpenID Connect userinfo (openidconnect.googleapis.com/v1/userinfo). */
function google(user: FakeUser): Record<string, unknown> {
  return {
    sub: user.id,
    name: fullName(user),
    given_name: user.givenName,
    family_name: user.familyName,
    ...(user.picture ? { picture: user.picture } : {}),
    ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
    locale: 'es',
  }
}

/** Facebook Graph `/me?fields=id,name,email,picture`: only the fields asked for (id always). */
function facebook(user: FakeUser, query: URLSearchParams): Record<string, unknown> {
  const fields = new Set((query.get('fields') ?? 'id,name').split(',').map((field) => field.trim()))
  const all: Record<string, unknown> = {
    id: user.id,
    name: fullName(user),
    first_name: user.givenName,
    last_name: user.familyName,
    // Facebook only returns confirmed addresses.
    ...(user.email && user.emailVerified ? { email: user.email } : {}),
    ...(user.picture ? { picture: { data: { url: user.picture, height: 50, width: 50, is_silhouette: false } } } : {}),
  }
  return Object.fromEntries(Object.entries(all).filter(([field]) => field === 'id' || fields.has(field)))
}

/** Twitter/X API v2 `/2/users/me`: `{data: {id, name, username, ...user.fields}}`. */
function twitter(user: FakeUser, query: URLSearchParams): Record<string, unknown> {
  const fields = new Set((query.get('user.fields') ?? '').split(',').map((field) => field.trim()))
  const data: Record<string, unknown> = { id: user.id, name: fullName(user), username: user.username }
  if (fields.has('profile_image_url') && user.picture) data.profile_image_url = user.picture
  if (fields.has('confirmed_email') && user.email && user.emailVerified) data.confirmed_email = user.email
  return { data }
}

export function profileBody(provider: FakeProvider, user: FakeUser, query: URLSearchParams): Record<string, unknown> {
  if (provider === 'google') return google(user)
  if (provider === 'facebook') return facebook(user, query)
  return twitter(user, query)
}
