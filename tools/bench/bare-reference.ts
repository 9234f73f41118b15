import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startListeningChild } from './children.ts'
import type { Platform } from './platform.ts'

export interface BareReference {
  /** The same path as the platform's public campaign page, answered by the bare handler. */
  url: string
  stop(): Promise<void>
}

/** A bare express handler (its own process) answering the JSON the platform answers for its campaign page. */
export async function startBareReference(platform: Platform): Promise<BareReference> {
  const path = `/api/public/campaigns/${platform.campaign.slug}`
  const response = await fetch(`${platform.url}${path}`)
  if (!response.ok) throw new Error(`La campaña pública no respondió: ${response.status}`)
  const dir = mkdtempSync(join(tmpdir(), 'donaciones-bench-bare-'))
  const bodyFile = join(dir, 'campaign.json')
  writeFileSync(bodyFile, await response.text())
  const bare = await startListeningChild('tools/bench/bare-handler.ts', { BENCH_BODY_FILE: bodyFile })
  return {
    url: `${bare.url}${path}`,
    async stop() {
      await bare.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
