/** The providers the fake imitates. */
export type FakeProvider = 'google' | 'facebook' | 'twitter'
export const fakeProviders: readonly FakeProvider[] = ['google', 'facebook', 'twitter']

/** The person who "signs in" at the fake: the authorize endpoint approves at once on their behalf. */
export interface FakeUser {
  id: string
  email: string | null
  emailVerified: boolean
  givenName: string
  familyName: string
  picture: string | null
  /** Twitter/X handle. */
  username: string
}

/** A registered OAuth client (the platform's client id and secret at that provider). */
export interface FakeClient {
  id: string
  secret: string
}

export interface FakeOauthOptions {
  clients: Partial<Record<FakeProvider, FakeClient>>
  user?: FakeUser
  /** Lifetime of an authorization code; default 60 s. */
  codeTtlMs?: number
}

export const defaultFakeUser: FakeUser = {
  id: '1234567890',
  email: 'ana.lopez@example.com',
  emailVerified: true,
  givenName: 'Ana',
  familyName: 'López',
  picture: 'https://fotos.example.com/ana.png',
  username: 'analopez',
}
