import type { ProviderSim } from '../../../tools/provider-sim/index.ts'
import { tinyPng } from '../../support/tiny-png.ts'
import { simulatorKeys, wizardBody } from '../../support/wizard-payload.ts'

export interface AdminSession {
  token: string
}

async function upload(gatewayUrl: string): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'imagen.png')
  const response = await fetch(`${gatewayUrl}/api/files`, { method: 'POST', body: form })
  if (response.status !== 200 && response.status !== 201) throw new Error(`Subida fallida: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { _id: string })._id
}

/** The minimum of the setup wizard (card payments through the simulator, mail to `smtpPort` on loopback): a configured site and its first administrator's token. */
export async function configureDistributedSite(gatewayUrl: string, sim: ProviderSim, smtpPort: number): Promise<AdminSession> {
  const [logo, image, thumbnail] = [await upload(gatewayUrl), await upload(gatewayUrl), await upload(gatewayUrl)]
  // Mail goes to the suite's loopback SMTP server. PayPal stays off.
  const payload = wizardBody({ logo, image, thumbnail }, smtpPort, { conekta: simulatorKeys(sim).conekta, paypal: { client: '', secret: '' } }, {
    providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
  })
  const response = await fetch(`${gatewayUrl}/api/init`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
  if (response.status !== 200) throw new Error(`Configuración fallida: ${response.status} ${await response.text()}`)
  return { token: ((await response.json()) as { token: string }).token }
}
