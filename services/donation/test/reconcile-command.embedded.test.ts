import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { startMailCatcher } from '../../../tests/support/mail-catcher.ts'
import { runScript, startPlatformProcess, type RunningProcess } from '../../../tests/support/processes.ts'
import { siteClient } from '../../../tests/support/site-client.ts'
import { chargeWithoutRecording, configureDonationSite, createCampaign } from './support.ts'

/** `npm run reconcile` as a Kubernetes Job runs it: output to pipes, no terminal. */
describe('npm run reconcile without a terminal', () => {
  let sim: ProviderSim
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let platform: RunningProcess | undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-reconcile-'))
  let env: Record<string, string> = {}

  beforeAll(async () => {
    sim = await startProviderSim()
    mail = await startMailCatcher()
    env = {
      DATA_DIR: dataDir,
      CONEKTA_API_URL: sim.conekta.baseUrl,
      PAYPAL_API_URL: sim.paypal.baseUrl,
      DONATION_RECONCILE_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      // Embedded on purpose: the command must use DATA_DIR even when the runner has PostgreSQL set.
      DATABASE_URL: '',
    }
    const started = await startPlatformProcess(env)
    platform = started.process
    const donation = await configureDonationSite(Object.assign(siteClient(() => started.url), { mail }), sim)
    const campaign = await createCampaign(donation, { title: 'Conciliación' })
    // What requests that crashed after the charge leave behind: paid orders at Conekta, nothing recorded.
    for (const [amount, email] of [[150, 'lia@correo.mx'], [275, 'noe@correo.mx']] as const) await chargeWithoutRecording(sim, { campaignId: campaign.id, amount, email, name: 'Lía Noé' })
  }, 180_000)
  afterAll(async () => {
    await platform?.stop()
    await mail.close()
    await sim.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses to run beside the running platform, in Spanish, with exit code 1', async () => {
    const run = runScript('platform/src/cli/reconcile.ts', [], env)
    expect(await run.exited).toBe(1)
    expect(run.stderr()).toContain(`El directorio de datos ${dataDir} ya está en uso por el proceso`)
    expect(run.stderr()).toContain('deténgala para conciliar ahora')
    expect(run.stdout()).toBe('')
  })

  it('tells each phase on stderr as it happens, then the report on stdout', async () => {
    expect(await platform?.stop()).toBe(0)
    platform = undefined
    const run = runScript('platform/src/cli/reconcile.ts', [], env)
    expect(await run.exited).toBe(0)
    const lines = run.stderr().trim().split('\n')
    expect(lines).toEqual([
      `Abriendo la base embebida de ${dataDir}…`,
      expect.stringMatching(/^Leyendo pedidos pagados de Conekta desde el .+ \(hora de la Ciudad de México\)…$/),
      '2 pedidos pagados encontrados.',
      '2 de 2 pedidos revisados, 2 donaciones registradas, 0 aprobadas.',
      'Venciendo fichas OXXO cuya vigencia terminó: 0…',
      'Fichas OXXO: 0 vencidas, 0 pagadas.',
      'Revisando 0 donaciones mensuales abiertas con Conekta…',
      'Donaciones mensuales: 0 revisadas, 0 suspendidas, 0 canceladas.',
      'Revisando 0 pedidos pendientes de PayPal…',
      'PayPal: 0 donaciones aprobadas.',
      expect.stringMatching(/^Conciliación terminada en \d+ s\.$/),
    ])
    const report = JSON.parse(run.stdout()) as { conekta: { paidOrders: number; recorded: number }; errors: string[] }
    expect(report).toMatchObject({ conekta: { paidOrders: 2, recorded: 2 }, errors: [] })
  })

  it('refuses a date it cannot read with exit code 2', async () => {
    const run = runScript('platform/src/cli/reconcile.ts', ['31/12/2025'], env)
    expect(await run.exited).toBe(2)
    expect(run.stderr()).toMatch(/^Fecha inválida: 31\/12\/2025 \(use AAAA-MM-DD\)\nUso: npm run reconcile/)
    expect(run.stdout()).toBe('')
  })

  it('says in Spanish that the database cannot be reached, without a stack trace', async () => {
    const run = runScript('platform/src/cli/reconcile.ts', [], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres', INTERNAL_TOKEN: 'secreto' })
    expect(await run.exited).toBe(1)
    expect(run.stderr()).toBe('Conciliando en PostgreSQL (esquema donation)…\nNo se pudo conectar con la base de datos (ECONNREFUSED): revise DATABASE_URL y que el servidor esté en marcha.\n')
    expect(run.stdout()).toBe('')
  })
})
