import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serviceNames } from '@donaciones/contracts'
import { createNatsBus, createPgDatabase, ident } from '@donaciones/kit'
import { uniqueName } from '@donaciones/kit/testing'
import { distinctFreePorts, freePort, isolatedPlatformEnv, runScript, waitForHttp, type RunningProcess } from '../../tests/support/processes.ts'
import { tinyPng } from '../../tests/support/tiny-png.ts'
import { simulatorKeys, wizardBody } from '../../tests/support/wizard-payload.ts'
import { inspectorArgs } from './profile.ts'
import { startListeningChild, startSimulator, type SimulatorChild } from './children.ts'
import { sampleCampaignPayload } from './sample-campaign.ts'
import type { BenchMode } from './types.ts'

/** The product running in child processes, configured by its setup wizard, with one public campaign. */
export interface Platform {
  mode: BenchMode
  url: string
  sim: SimulatorChild
  adminToken: string
  campaign: { id: string; slug: string }
  /** The server processes (the embedded platform, or the gateway and each service), for memory figures and profiles. */
  processes: ServerProcess[]
  stop(): Promise<void>
}

export interface ServerProcess {
  /** `embedded`, `gateway` or the service's name. */
  name: string
  process: RunningProcess
}

interface Started {
  url: string
  processes: ServerProcess[]
  stop(): Promise<void>
}


export const engines = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
}

/** Everything `npm start` runs, in one process on a fresh data directory (PGlite, in-process bus). */
async function startEmbedded(env: NodeJS.ProcessEnv): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-bench-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = runScript('platform/src/embedded.ts', [], { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '', NATS_URL: '' }, inspectorArgs)
  await waitForHttp(`${url}/healthz`, 120_000, child)
  return {
    url,
    processes: [{ name: 'embedded', process: child }],
    async stop() {
      await child.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every service as its own process plus the gateway, on the shared PostgreSQL and NATS under a unique prefix. */
async function startDistributed(env: NodeJS.ProcessEnv): Promise<Started> {
  const prefix = uniqueName('bench')
  const [gatewayPort = 0, ...servicePorts] = await distinctFreePorts(1 + serviceNames.length)
  const ports = Object.fromEntries(serviceNames.map((service, index) => [service, servicePorts[index] ?? 0] as const))
  const url = `http://127.0.0.1:${gatewayPort}`
  const shared: NodeJS.ProcessEnv = {
    ...env,
    ...isolatedPlatformEnv(prefix, engines),
    PUBLIC_URL: url,
    ...Object.fromEntries(serviceNames.map((service) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${ports[service]}`])),
  }
  const processes: ServerProcess[] = []
  const cleanUp = async () => {
    await Promise.all(processes.map(({ process: child }) => child.stop()))
    const bus = await createNatsBus({ servers: engines.natsUrl, stream: prefix.toUpperCase(), subjectPrefix: prefix })
    await bus.deleteStream().catch(() => undefined)
    await bus.close()
    const db = createPgDatabase({ connectionString: engines.databaseUrl, max: 1 })
    const { rows } = await db.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like $1`, [`${prefix}\\_%`])
    for (const { name } of rows) await db.exec(`drop schema if exists ${ident(name)} cascade`)
    await db.close()
  }
  try {
    // One after another: each creates its schema and stream consumers; together they would race for the CPU anyway.
    for (const service of serviceNames) {
      const child = runScript(`services/${service}/src/main.ts`, [], { ...shared, PORT: String(ports[service]) }, inspectorArgs)
      processes.push({ name: service, process: child })
      await waitForHttp(`http://127.0.0.1:${ports[service]}/readyz`, 120_000, child)
    }
    const gateway = runScript('gateway/src/main.ts', [], { ...shared, PORT: String(gatewayPort), HOST: '127.0.0.1' }, inspectorArgs)
    processes.push({ name: 'gateway', process: gateway })
    await waitForHttp(`${url}/healthz`, 120_000, gateway)
  } catch (error) {
    await cleanUp()
    throw error
  }
  return { url, processes, stop: cleanUp }
}

type Api = (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>

function apiOf(url: string): Api {
  return (path, init = {}) => {
    const { token, json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return fetch(`${url}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) })
  }
}

async function upload(api: Api, token?: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'imagen.png')
  const response = await api('/api/files', { method: 'POST', body: form, ...(token ? { token } : {}) })
  if (!response.ok) throw new Error(`Subida fallida: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { _id: string })._id
}

/** The setup wizard as the browser sends it, with the simulator's keys and the SMTP sink; returns the admin token. */
async function configure(api: Api, sim: SimulatorChild, smtpPort: number): Promise<string> {
  const [logo, image, thumbnail] = [await upload(api), await upload(api), await upload(api)]
  const response = await api('/api/init', {
    method: 'POST',
    json: wizardBody({ logo, image, thumbnail }, smtpPort, simulatorKeys(sim)),
  })
  if (response.status !== 200) throw new Error(`Configuración fallida: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

async function createCampaign(api: Api, token: string): Promise<{ id: string; slug: string }> {
  const thumbnail = await upload(api, token)
  const categories = (await (await api('/api/options/categories', { token })).json()) as { value: string }[]
  const response = await api('/api/campaigns', {
    method: 'POST',
    token,
    json: sampleCampaignPayload(thumbnail, categories.map((category) => category.value)),
  })
  if (!response.ok) throw new Error(`No se pudo crear la campaña: ${response.status} ${await response.text()}`)
  const { _id, slug } = (await response.json()) as { _id: string; slug: string }
  return { id: _id, slug }
}

/** Runs the setup wizard against a started platform and creates the campaign the benchmarks use. */
export async function prepareSite(url: string, sim: SimulatorChild, smtpPort: number): Promise<{ adminToken: string; campaign: { id: string; slug: string } }> {
  const api = apiOf(url)
  const adminToken = await configure(api, sim, smtpPort)
  return { adminToken, campaign: await createCampaign(api, adminToken) }
}

export async function startPlatform(mode: BenchMode, log: (line: string) => void): Promise<Platform> {
  const sim = await startSimulator()
  const smtp = await startListeningChild('tools/bench/smtp-sink.ts', {})
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'warn',
    // No built front end: the gateway answers its placeholder page, which the benchmarks never ask for.
    FRONTEND_DIR: join(tmpdir(), 'donaciones-bench-sin-frontend'),
    CONEKTA_API_URL: sim.conekta.baseUrl,
    PAYPAL_API_URL: sim.paypal.baseUrl,
    PAYPAL_WEBHOOK_ID: sim.paypal.webhookId,
  }
  log(`Iniciando la plataforma (${mode})...`)
  let started: Started
  try {
    started = mode === 'embedded' ? await startEmbedded(env) : await startDistributed(env)
  } catch (error) {
    await Promise.all([sim.stop(), smtp.stop()])
    throw error
  }
  const stop = async () => {
    await started.stop()
    await Promise.all([sim.stop(), smtp.stop()])
  }
  try {
    const { adminToken, campaign } = await prepareSite(started.url, sim, smtp.port)
    log(`Plataforma lista en ${started.url}, campaña ${campaign.slug}`)
    return { mode, url: started.url, sim, adminToken, campaign, processes: started.processes, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
