import { z } from 'zod'
import type { SocialProvider } from '@donaciones/contracts'
import type { SocialProfile } from './ports.ts'

const googleUserinfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
})

const facebookMeSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }) }).optional(),
})

const twitterMeSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    username: z.string().optional(),
    profile_image_url: z.string().optional(),
    confirmed_email: z.string().optional(),
  }),
})

/** 'Ana María López' → name 'Ana', lastName 'María López'. */
export function splitName(full: string | undefined): { name: string; lastName: string } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean)
  return { name: words[0] ?? '', lastName: words.slice(1).join(' ') }
}

function google(body: unknown): SocialProfile {
  const info = googleUserinfoSchema.parse(body)
  const split = splitName(info.name)
  return {
    provider: 'google',
    providerId: info.sub,
    email: info.email && info.email_verified === true ? info.email : null,
    name: info.given_name ?? split.name,
    lastName: info.family_name ?? split.lastName,
    picture: info.picture ?? null,
  }
}

function facebook(body: unknown): SocialProfile {
  const me = facebookMeSchema.parse(body)
  return {
    provider: 'facebook',
    providerId: me.id,
    // Facebook returns only confirmed addresses.
    email: me.email ?? null,
    ...splitName(me.name),
    picture: me.picture?.data.url ?? null,
  }
}

function twitter(body: unknown): SocialProfile {
  const { data } = twitterMeSchema.parse(body)
  const split = splitName(data.name)
  return {
    provider: 'twitter',
    providerId: data.id,
    email: data.confirmed_email ?? null,
    name: split.name || (data.username ?? ''),
    lastName: split.lastName,
    picture: data.profile_image_url ?? null,
  }
}

/** The provider's profile answer as a SocialProfile; throws when it is not shaped as expected. */
export function toSocialProfile(provider: SocialProvider, body: unknown): SocialProfile {
  if (provider === 'google') return google(body)
  if (provider === 'facebook') return facebook(body)
  return twitter(body)
}
