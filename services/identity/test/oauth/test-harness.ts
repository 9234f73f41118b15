import express from 'express'
import type { InternalSocialProvidersResponse, SocialProvider } from '@donaciones/contracts'
import {
  createLogger,
  createPgliteDatabase,
  createServiceApp,
  finishServiceApp,
  mutableDirectory,
  readSettings,
  runMigrations,
  requireInternalCall,
  startHttpServer,
  type RunningHttpServer,
  type SqlDatabase,
} from '@donaciones/kit'
import { startFakeOauth, type FakeOauth } from '../../../../tools/fake-oauth/index.ts'
import type { OauthContext } from '../../src/oauth/context.ts'
import { identityMigrations } from '../../src/migrations.ts'
import { oauthRoutes } from '../../src/oauth/index.ts'
import { InMemorySocialUsers } from './test-ports.ts'

export const clients = {
  google: { id: 'google-cliente.apps.example', secret: 'google-secreto' },
  facebook: { id: 'facebook-cliente', secret: 'facebook-secreto' },
  twitter: { id: 'twitter-cliente', secret: 'twitter-secreto' },
} as const

export function allEnabled(): InternalSocialProvidersResponse {
  return {
    google: { enabled: true, client: clients.google.id, secret: clients.google.secret },
    facebook: { enabled: true, client: clients.facebook.id, secret: clients.facebook.secret },
    twitter: { enabled: true, client: clients.twitter.id, secret: clients.twitter.secret },
  }
}

export interface Harness {
  /** Identity test server URL (also the public URL). */
  url: string
  db: SqlDatabase
  fake: FakeOauth
  users: InMemorySocialUsers
  /** What the fake content service answers on /internal/configuration/providers; edit freely. */
  settings: InternalSocialProvidersResponse
  resetUsers(): void
  close(): Promise<void>
}

/** Identity routes under test + a fake content service + the loopback fake provider, all on 127.0.0.1. */
export async function startHarness(): Promise<Harness> {
  const logger = createLogger('test', { level: 'silent' })
  const directory = mutableDirectory('secreto-interno-de-prueba')
  const state = { settings: allEnabled(), users: new InMemorySocialUsers() }

  const content = createServiceApp({ name: 'content', logger, accessLog: false })
  const internal = express.Router()
  internal.use(requireInternalCall(directory))
  internal.get('/internal/configuration/providers', (_req, res) => {
    res.json(state.settings)
  })
  content.use(internal)
  finishServiceApp(content)
  const contentServer: RunningHttpServer = await startHttpServer(content, { port: 0 })
  directory.register('content', contentServer.url)

  const fake = await startFakeOauth({ clients: { google: clients.google, facebook: clients.facebook, twitter: clients.twitter } })
  const db = await createPgliteDatabase()
  await runMigrations(db, 'identity', identityMigrations)
  const context: OauthContext = { db, store: { schema: 'identity' }, logger, directory, settings: readSettings({}) }

  const identity = createServiceApp({ name: 'identity', logger, accessLog: false })
  const identityServer = await startHttpServer(identity, { port: 0 })
  const baseUrls: Record<SocialProvider, string> = { google: fake.baseUrl('google'), facebook: fake.baseUrl('facebook'), twitter: fake.baseUrl('twitter') }
  identity.use(
    oauthRoutes(
      context,
      {
        findOrCreateSocialUser: (profile) => state.users.findOrCreateSocialUser(profile),
        issueToken: (userId) => state.users.issueToken(userId),
        toAuthUser: (user) => state.users.toAuthUser(user),
      },
      { publicUrl: identityServer.url, baseUrls },
    ),
  )
  finishServiceApp(identity)

  return {
    url: identityServer.url,
    db,
    fake,
    get users() {
      return state.users
    },
    get settings() {
      return state.settings
    },
    set settings(next) {
      state.settings = next
    },
    resetUsers() {
      state.users = new InMemorySocialUsers()
    },
    async close() {
      await identityServer.close()
      await contentServer.close()
      await fake.close()
      await db.close()
    },
  }
}
