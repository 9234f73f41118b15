import { startProviderSim } from './index.ts'

/** Starts the simulator on PROVIDER_SIM_PORT (default 4100) and prints its URLs and keys. */
const port = Number(process.env.PROVIDER_SIM_PORT ?? 4100)
const sim = await startProviderSim({ port, host: process.env.PROVIDER_SIM_HOST ?? '127.0.0.1' })
if (process.env.PROVIDER_SIM_CONEKTA_WEBHOOK_URL || process.env.PROVIDER_SIM_PAYPAL_WEBHOOK_URL) {
  sim.setWebhookUrls({
    ...(process.env.PROVIDER_SIM_CONEKTA_WEBHOOK_URL ? { conekta: process.env.PROVIDER_SIM_CONEKTA_WEBHOOK_URL } : {}),
    ...(process.env.PROVIDER_SIM_PAYPAL_WEBHOOK_URL ? { paypal: process.env.PROVIDER_SIM_PAYPAL_WEBHOOK_URL } : {}),
  })
}

console.log(`provider-sim listening on ${sim.url}`)
console.log('')
console.log('Conekta')
console.log(`  CONEKTA_BASE_URL=${sim.conekta.baseUrl}`)
console.log(`  CONEKTA_PRIVATE_KEY=${sim.conekta.privateKey}`)
console.log(`  CONEKTA_PUBLIC_KEY=${sim.conekta.publicKey}`)
console.log(`  tokenizer script: ${sim.conekta.baseUrl}/conekta.js`)
console.log('  test cards: 4242424242424242 approved, 4000000000000002 declined, 4000000000000127 insufficient funds')
console.log('')
console.log('PayPal')
console.log(`  PAYPAL_BASE_URL=${sim.paypal.baseUrl}`)
console.log(`  PAYPAL_CLIENT_ID=${sim.paypal.clientId}`)
console.log(`  PAYPAL_SECRET=${sim.paypal.secret}`)
console.log(`  PAYPAL_WEBHOOK_ID=${sim.paypal.webhookId}`)
console.log(`  JS SDK stand-in: ${sim.paypal.baseUrl}/sdk.js`)
console.log('')
console.log(`Controls: POST ${sim.url}/_sim/oxxo/{id}/pay | /_sim/oxxo/{id}/expire | /_sim/spei/{id}/pay | /_sim/spei/{id}/expire | /_sim/paypal/{id}/approve`)

const stop = (): void => {
  void sim.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
