import type { Campaign, MonthlyDonorListResponse } from '@donaciones/contracts'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { distinctFreePorts, freePort, runScript, waitUntil, type RunningProcess } from './support/processes.ts'

/** `npm run demo`: the product with the payment simulator and sample data, used as a newcomer would. */
describe('npm run demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-demo-'))
  let demo: RunningProcess
  let url = ''
  let simUrl = ''
  let publicKey = ''
  const ports = { site: 0, sim: 0 }

  beforeAll(async () => {
    const [port = 0, sim = 0] = await distinctFreePorts(2)
    Object.assign(ports, { site: port, sim })
    demo = runScript('tools/demo/main.ts', [], { PORT: String(port), PROVIDER_SIM_PORT: String(ports.sim), DEMO_DATA_DIR: dataDir })
    await waitUntil(async () => {
      if (demo.child.exitCode !== null) throw new Error(demo.output())
      return demo.output().includes('Demostración lista')
    }, 120_000, 'la demostración')
    url = `http://127.0.0.1:${port}`
    const output = demo.output()
    simUrl = /Simulador de pagos: (\S+)/.exec(output)?.[1] ?? ''
    publicKey = /llave pública Conekta (\S+)\)/.exec(output)?.[1] ?? ''
  }, 180_000)
  afterAll(async () => {
    await demo?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('prints the administrator and serves the sample campaigns', async () => {
    expect(demo.output()).toContain('admin@demo.mx / Demo#2026')
    const campaigns = (await (await fetch(`${url}/api/public/campaigns/`)).json()) as { slug: string }[]
    expect(campaigns.length).toBeGreaterThanOrEqual(4)
    const init = (await (await fetch(`${url}/api/init`)).json()) as { scripts: { conektaTokenizer: string } }
    expect(init.scripts.conektaTokenizer).toBe(`${simUrl}/conekta/conekta.js`)
  })

  it('approves a card donation made with a token from the simulator and shows it in the totals and the card list', async () => {
    const tokenResponse = await fetch(`${simUrl}/conekta/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publicKey}`, accept: 'application/vnd.conekta-v2.1.0+json', 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', name: 'Ana Donante', exp_month: '12', exp_year: '2030', cvc: '123' } }),
    })
    expect(tokenResponse.status).toBe(200)
    const { id: token } = (await tokenResponse.json()) as { id: string }
    const login = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.mx', password: 'Demo#2026' }) })).json()) as { token: string }
    const cardList = async () => (await (await fetch(`${url}/api/donations/conekta/card`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as { docs: { amount: number }[]; total: number }
    const before = await cardList()
    const campaign = (await (await fetch(`${url}/api/public/campaigns/despensas-navidenas`)).json()) as { _id: string }
    const donation = await fetch(`${url}/api/donations/conekta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, name: 'Ana Donante', amount: 250, campaign: campaign._id, email: 'ana@correo.mx', phone: '5512345678' }),
    })
    expect(donation.status).toBe(200)
    expect(await donation.json()).toMatchObject({ approved: true, amount: 250, type: 'conekta' })

    await waitUntil(async () => {
      const page = (await (await fetch(`${url}/api/public/campaigns/despensas-navidenas`)).json()) as { donations: { amount: number }[] }
      return page.donations.some((entry) => entry.amount === 250)
    }, 10_000, 'el total de la campaña')

    const list = await cardList()
    // The newest first; the demo's own card donations came before: the wall's four (500 + 1,500 + 250 + 2,000), the monthly donors' paid months (3 × 300 + 150) and the receipt donor's 1,200.
    expect(list.docs[0]?.amount).toBe(250)
    expect(before.total).toBe(4250 + 1050 + 1200)
    expect(list.total).toBe(before.total + 250)
  })

  it("offers deductible receipts and lists the sample donor's request as pending", async () => {
    const init = (await (await fetch(`${url}/api/init`)).json()) as { receipts: { deductible: boolean } }
    expect(init.receipts).toEqual({ deductible: true })
    const login = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.mx', password: 'Demo#2026' }) })).json()) as { token: string }
    const receipts = (await (await fetch(`${url}/api/receipts?status=pending`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as unknown
    expect(JSON.stringify(receipts)).toContain('PEGA800101AB8')
  })

  it('lists the sample monthly donors: one charged for three months, one suspended after declined months', async () => {
    const login = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.mx', password: 'Demo#2026' }) })).json()) as { token: string }
    const monthly = (await (await fetch(`${url}/api/donations/monthly`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as MonthlyDonorListResponse
    expect(monthly.docs.map(({ name, status, monthsPaid, total }) => ({ name, status, monthsPaid, total })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Raúl Mendoza', status: 'suspended', monthsPaid: 1, total: 150 },
      { name: 'Sofía Castillo', status: 'active', monthsPaid: 3, total: 900 },
    ])
    expect(monthly.summary).toEqual({ active: 1, monthlyAmount: 300 })
  })

  it("shows the first campaign's donor wall with the sample donors, the anonymous one unnamed", async () => {
    const campaigns = (await (await fetch(`${url}/api/public/campaigns/`)).json()) as { slug: string; title: string }[]
    const first = campaigns.find((campaign) => campaign.title === 'Útiles para el regreso a clases')
    const page = (await (await fetch(`${url}/api/public/campaigns/${first?.slug ?? ''}`)).json()) as Campaign
    expect(page.donorWall?.latest.map(({ name, amount }) => [name, amount])).toEqual([
      ['Pedro S.', 2000],
      ['Lucía H.', 250],
      [null, 1500],
      ['Mariana T.', 500],
    ])
    expect(JSON.stringify(page)).not.toContain('Jorge')
  })

  describe('a second demo on the same machine', () => {
    /** Runs a second demo with the given settings and returns its exit code and what it wrote. */
    const secondDemo = async (env: Record<string, string>) => {
      const second = runScript('tools/demo/main.ts', [], env)
      return { code: await second.exited, stderr: second.stderr() }
    }

    it('stops with a Spanish message naming PROVIDER_SIM_PORT when the simulator’s port is taken', async () => {
      const otherDir = mkdtempSync(join(tmpdir(), 'donaciones-demo-2-'))
      const { code, stderr } = await secondDemo({ PORT: String(await freePort()), PROVIDER_SIM_PORT: String(ports.sim), DEMO_DATA_DIR: otherDir })
      rmSync(otherDir, { recursive: true, force: true })
      expect(code).toBe(1)
      expect(stderr.trim()).toBe(`El puerto ${ports.sim} del simulador de pagos ya está en uso (¿otra demostración?). Elija otro con PROVIDER_SIM_PORT=<puerto>.`)
    })

    it('stops with a Spanish message naming PORT when the site’s port is taken', async () => {
      const otherDir = mkdtempSync(join(tmpdir(), 'donaciones-demo-3-'))
      const { code, stderr } = await secondDemo({ PORT: String(ports.site), PROVIDER_SIM_PORT: String(await freePort()), DEMO_DATA_DIR: otherDir })
      rmSync(otherDir, { recursive: true, force: true })
      expect(code).toBe(1)
      expect(stderr.trim()).toBe(`El puerto ${ports.site} ya está en uso (¿otra demostración o npm start?). Elija otro con PORT=<puerto>.`)
    })

    it('refuses the data folder of the running demo, naming DEMO_DATA_DIR, and deletes nothing of it', async () => {
      const [site, sim] = await distinctFreePorts(2)
      const { code, stderr } = await secondDemo({ PORT: String(site), PROVIDER_SIM_PORT: String(sim), DEMO_DATA_DIR: dataDir })
      expect(code).toBe(1)
      expect(stderr.trim()).toBe(`Otra demostración (proceso ${demo.child.pid}) usa ${dataDir}. Deténgala o elija otra carpeta con DEMO_DATA_DIR=<carpeta>.`)
      const campaigns = (await (await fetch(`${url}/api/public/campaigns/`)).json()) as unknown[]
      expect(campaigns.length).toBeGreaterThanOrEqual(4)
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['donaciones.pid', 'pglite']))
    })
  })
})
