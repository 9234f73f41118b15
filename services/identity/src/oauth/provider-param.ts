import { socialProviderSchema, type SocialProvider } from '@donaciones/contracts'
import { providerUnavailable } from './errors.ts'

/** The `{provider}` route segment; anything but google, facebook or twitter is 404 'Proveedor no disponible'. */
export function providerParam(value: unknown): SocialProvider {
  const parsed = socialProviderSchema.safeParse(value)
  if (!parsed.success) throw providerUnavailable()
  return parsed.data
}
