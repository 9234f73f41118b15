// Test support: a harness whose site is already configured, with an administrator's token.
import { client, upload, wizardPayload, type Api } from './fixtures.ts'
import { startContentHarness, type ContentHarness } from './harness.ts'

export interface ConfiguredSite {
  harness: ContentHarness
  api: Api
  /** Every response body so far (to search for secrets). */
  seen: string[]
  adminToken: string
  adminId: string
  files: { logo: string; image: string; thumbnail: string }
}

export async function startConfiguredSite(options: { smtp?: { host: string; port: number }; dataDir?: string } = {}): Promise<ConfiguredSite> {
  const harness = await startContentHarness(options.dataDir ? { dataDir: options.dataDir } : {})
  const seen: string[] = []
  const api = client(harness.url, seen)
  const files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
  const setup = await api<{ token: string; user: { _id: string } }>('/api/init', { json: wizardPayload(files, options.smtp) })
  if (setup.status !== 200) throw new Error(`setup ${setup.status} ${setup.text}`)
  return { harness, api, seen, adminToken: setup.body.token, adminId: setup.body.user._id, files }
}
