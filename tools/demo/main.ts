import { readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { acquireDataDirLock, createLogger, DataDirLockedError, dataDirLockFile, onShutdownSignals, readSettings, type DataDirLock } from '@donaciones/kit'
import { startProviderSim } from '../provider-sim/index.ts'
import { demoAdmin, demoDonataria, picture, sampleCampaigns, sampleDonors, sampleMonthlyDonors, sampleReceiptDonor } from './sample-data.ts'

/**
 * `npm run demo`: the embedded product with the payment simulator as card, cash and wallet
 * provider, and sample data. The demo's data directory starts fresh on every run (the
 * simulator's keys are new each time).
 */
const port = Number(process.env.PORT ?? 3000)
const simPort = Number(process.env.PROVIDER_SIM_PORT ?? 4100)
const dataDir = resolve(process.env.DEMO_DATA_DIR ?? './data-demo')
const publicUrl = `http://localhost:${port}`

/** Ends the demo with a Spanish message and no stack: what a second demo on one machine hits. */
function stopWith(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}
const isPortInUse = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'

// The lock comes first: a second demo on the same folder must not delete the data of the one running.
let lock: DataDirLock
try {
  lock = acquireDataDirLock(dataDir)
} catch (error) {
  if (error instanceof DataDirLockedError) stopWith(`Otra demostración (proceso ${error.ownerPid}) usa ${dataDir}. Deténgala o elija otra carpeta con DEMO_DATA_DIR=<carpeta>.`)
  throw error
}
// Fresh on every run: everything but the lock just taken.
for (const entry of readdirSync(dataDir)) if (entry !== dataDirLockFile) rmSync(resolve(dataDir, entry), { recursive: true, force: true })

// Told before anything starts: the platform binds its port only once every service is up.
const siteIsFree = await new Promise<boolean>((done) => {
  const probe = createServer()
  probe.once('error', () => done(false))
  probe.listen(port, '0.0.0.0', () => probe.close(() => done(true)))
})
if (!siteIsFree) {
  lock.release()
  stopWith(`El puerto ${port} ya está en uso (¿otra demostración o npm start?). Elija otro con PORT=<puerto>.`)
}

const sim = await startProviderSim({ port: simPort }).catch((error: unknown) => {
  lock.release()
  if (isPortInUse(error)) stopWith(`El puerto ${simPort} del simulador de pagos ya está en uso (¿otra demostración?). Elija otro con PROVIDER_SIM_PORT=<puerto>.`)
  throw error
})

Object.assign(process.env, {
  CONEKTA_API_URL: sim.conekta.baseUrl,
  PAYPAL_API_URL: sim.paypal.baseUrl,
  CONEKTA_TOKENIZER_URL: `${sim.conekta.baseUrl}/conekta.js`,
  PAYPAL_SDK_URL: `${sim.paypal.baseUrl}/sdk.js`,
  PAYPAL_WEBHOOK_ID: sim.paypal.webhookId,
  MAIL_TRANSPORT: 'outbox',
  PUBLIC_URL: process.env.PUBLIC_URL ?? publicUrl,
})
// Imported after the environment is set: the services read it when they start.
const { startEmbeddedPlatform } = await import('@donaciones/platform')

const logger = createLogger('demo', { level: process.env.LOG_LEVEL ?? 'warn' })
// The web site `predemo` built (or FRONTEND_DIR), as `npm start` serves it.
const platform = await startEmbeddedPlatform({ port, host: '0.0.0.0', dataDir, logger, frontendDir: readSettings().FRONTEND_DIR }).catch(async (error: unknown) => {
  await sim.close()
  lock.release()
  if (isPortInUse(error)) stopWith(`El puerto ${port} ya está en uso (¿otra demostración o npm start?). Elija otro con PORT=<puerto>.`)
  throw error
})
sim.setWebhookUrls({ conekta: `${platform.url}/api/donations/webhooks/conekta`, paypal: `${platform.url}/api/donations/webhooks/paypal` })

async function api<T>(path: string, init: { method?: string; token?: string; json?: unknown; body?: FormData } = {}): Promise<T> {
  const response = await fetch(`${platform.url}${path}`, {
    method: init.method ?? (init.json || init.body ? 'POST' : 'GET'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
    ...(init.json ? { body: JSON.stringify(init.json) } : init.body ? { body: init.body } : {}),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function upload(image: Buffer, token?: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'imagen.png')
  return (await api<{ _id: string }>('/api/files', { body: form, ...(token ? { token } : {}) }))._id
}

const [logo, mission, photo] = [await upload(picture([[255, 255, 255], [33, 150, 243]])), await upload(picture([[255, 224, 178], [255, 112, 67]])), await upload(picture([[200, 230, 201], [56, 142, 60]]))]
const { token } = await api<{ token: string }>('/api/init', {
  json: {
    productKey: 'DEMO',
    settings: { name: 'Fundación Demostración', logo, gratitudeMessage: '¡Gracias! Tu apoyo cambia vidas.' },
    home: { showCounters: true, content: '<p>Somos una fundación que acerca ayuda a quien más la necesita.</p>', image: mission },
    contact: { email: 'contacto@demo.mx', phone: '5512345678', address: 'Av. Reforma 1, Ciudad de México' },
    mailer: { auth: { user: 'demo', pass: 'demo' }, host: '127.0.0.1', port: 2525 },
    pages: { terms: '<p>Términos y condiciones de la demostración.</p>', notice: '<p>Aviso de privacidad de la demostración.</p>' },
    providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
    keys: { conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey }, paypal: { client: sim.paypal.clientId, secret: sim.paypal.secret } },
    urls: { facebook: '', twitter: '', instagram: '' },
    user: { name: 'Admin', lastName: 'Demo', email: demoAdmin.email, password: demoAdmin.password, confirmation: demoAdmin.password, thumbnail: photo },
    category: { title: 'Educación', description: 'Campañas para estudiar' },
    institution: { name: 'Escuela Comunitaria', description: 'Aliada de la fundación' },
  },
})
const [category] = await api<{ value: string }[]>('/api/options/categories', { token })
const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
const slugs: string[] = []
const campaignIds: string[] = []
for (const sample of sampleCampaigns) {
  const created = await api<{ _id: string; slug: string }>('/api/campaigns', {
    token,
    json: {
      title: sample.title, description: sample.description, goal: sample.goal, duration: 60, date: today,
      thumbnail: await upload(picture(sample.colors), token), categories: [category?.value], institution: null,
      content: `<p>${sample.description}</p>`, gratitude: '¡Gracias por sumarte!', visibility: { counter: true, countdown: true, comments: true },
    },
  })
  slugs.push(created.slug)
  campaignIds.push(created._id)
}

/** A card token from the simulator's tokenizer, as the browser script makes it. */
async function cardToken(name: string): Promise<string> {
  const response = await fetch(`${sim.conekta.baseUrl}/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.conekta.publicKey}`, accept: 'application/vnd.conekta-v2.2.0+json', 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number: '4242424242424242', name, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2), cvc: '123' } }),
  })
  return ((await response.json()) as { id: string }).id
}

// The first campaign's donor wall: named donors, an anonymous one, messages.
for (const donor of sampleDonors) {
  await api('/api/donations/conekta', {
    json: { token: await cardToken(donor.name), campaign: campaignIds[0], amount: donor.amount, name: donor.name, email: donor.email, phone: '5512345678', anonymous: donor.anonymous, ...(donor.message ? { message: donor.message } : {}) },
  })
}

// 'Donataria autorizada' on (the rest of the configuration as the wizard left it), and a donor who asks for a deductible receipt.
const edit = await api<Record<string, Record<string, unknown>>>('/api/configuration/edit', { token })
const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
await api('/api/configuration', {
  method: 'PUT',
  token,
  json: {
    payload: {
      settings: { ...edit.settings, logo: idOf(edit.settings?.logo) },
      home: { ...edit.home, image: idOf(edit.home?.image) },
      contact: edit.contact,
      mailer: { auth: { user: 'demo' }, host: '127.0.0.1', port: 2525 },
      urls: edit.urls,
      providers: edit.providers,
      keys: { conekta: { client: sim.conekta.publicKey }, paypal: { client: sim.paypal.clientId } },
      donataria: demoDonataria,
    },
    historical: { cause: 'Actualización', description: 'Autorización del SAT para recibir donativos deducibles' },
  },
})
// The donation service reads the payment settings at most two seconds old.
await new Promise((resolve) => setTimeout(resolve, 2_100))
await api('/api/donations/conekta', {
  json: { token: await cardToken(sampleReceiptDonor.name), campaign: campaignIds[1], amount: sampleReceiptDonor.amount, name: sampleReceiptDonor.name, email: sampleReceiptDonor.email, phone: '5512345678', anonymous: false, receipt: sampleReceiptDonor.receipt },
})

// "Donadores mensuales": each month the simulator bills is delivered as the provider's webhook.
for (const donor of sampleMonthlyDonors) {
  await api('/api/donations/monthly', {
    json: { token: await cardToken(donor.name), campaign: campaignIds[1], amount: donor.amount, name: donor.name, email: donor.email, phone: '5512345678', anonymous: false },
  })
  const subscription = sim.conektaSubscriptions().at(-1)
  if (!subscription) throw new Error('El simulador no registró la suscripción')
  for (let month = 1; month < donor.months; month++) await sim.advanceSubscription(subscription.id)
  if (donor.declined) for (let retry = 0; retry < 3; retry++) await sim.advanceSubscription(subscription.id, { outcome: 'declined' })
}

process.stdout.write(
  [
    '',
    `Demostración lista en ${publicUrl}`,
    `  Administrador: ${demoAdmin.email} / ${demoAdmin.password}`,
    `  Campañas: ${slugs.map((slug) => `${publicUrl}/campaigns/${slug}`).join('\n            ')}`,
    `  Simulador de pagos: ${sim.url} (llave pública Conekta ${sim.conekta.publicKey})`,
    '  Tarjetas de prueba: 4242424242424242 aprobada, 4000000000000002 rechazada, 4000000000000127 fondos insuficientes',
    `  Pagar un OXXO: POST ${sim.url}/_sim/oxxo/{orden}/pay`,
    `  Cobrar el mes siguiente de una donación mensual: POST ${sim.url}/_sim/subscriptions/{suscripción}/advance`,
    `  Correos enviados: ${dataDir}/outbox`,
    '',
  ].join('\n'),
)

onShutdownSignals(
  async () => {
    await platform.stop()
    await sim.close()
    lock.release()
  },
  { logger },
)
