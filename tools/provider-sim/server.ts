import express from 'express'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { TokenStore } from './conekta/cards.ts'
import { ConektaOrderLedger } from './conekta/order-ledger.ts'
import { ConektaOrderStore } from './conekta/orders.ts'
import { ConektaRecurring } from './conekta/recurring.ts'
import { conektaRouter } from './conekta/routes.ts'
import { controlsRouter, type SimControls } from './controls.ts'
import { Outages } from './outage.ts'
import { cors, randomId, randomUpperId } from './http.ts'
import { PaypalTokens } from './paypal/auth.ts'
import { PaypalOrderStore } from './paypal/orders.ts'
import { paypalRouter } from './paypal/routes.ts'
import type { ProviderSim, ProviderSimOptions } from './types.ts'
import { ConektaWebhookSigner } from './webhooks/conekta.ts'
import { deliverWebhook, expectAcknowledged } from './webhooks/deliver.ts'
import { PaypalWebhookSigner } from './webhooks/paypal.ts'

/**
 * Starts the loopback payment provider simulator: Conekta under `/conekta`, PayPal under `/paypal`,
 * test controls under `/_sim`. Keys are random per instance.
 */
export async function startProviderSim(options: ProviderSimOptions = {}): Promise<ProviderSim> {
  let origin = ''
  const conektaKeys = { privateKey: randomId('key_sim_private_', 12), publicKey: randomId('key_sim_public_', 12) }
  const paypalCredentials = { clientId: `sim-client-${randomUpperId(20)}`, secret: `sim-secret-${randomId('', 16)}` }
  const webhookUrls: { conekta?: string; paypal?: string } = {}

  const tokens = new TokenStore()
  const conektaOrders = new ConektaOrderStore()
  const conektaSigner = new ConektaWebhookSigner()
  const conektaLedger = new ConektaOrderLedger()
  const conektaRecurring = new ConektaRecurring(tokens, conektaOrders)
  const paypalBase = () => `${origin}/paypal`
  const paypalTokens = new PaypalTokens(paypalCredentials)
  const paypalOrders = new PaypalOrderStore(paypalBase)
  const paypalSigner = new PaypalWebhookSigner(paypalBase, `WH-SIM-${randomUpperId(17)}`)

  const sendConektaWebhook: ProviderSim['sendConektaWebhook'] = async (type, orderId, sendOptions = {}) => {
    const order = conektaOrders.get(orderId)
    if (!order) throw new Error(`provider-sim: no Conekta order ${orderId}`)
    const signed = conektaSigner.sign(conektaSigner.event(type, order), sendOptions.badSignature)
    return deliverWebhook(webhookUrls.conekta, signed.body, signed.headers)
  }

  const sendPaypalWebhook: ProviderSim['sendPaypalWebhook'] = async (eventType, orderId, sendOptions = {}) => {
    const order = paypalOrders.get(orderId)
    if (!order) throw new Error(`provider-sim: no PayPal order ${orderId}`)
    const signed = paypalSigner.sign(paypalSigner.event(eventType, order), sendOptions.badSignature)
    return deliverWebhook(webhookUrls.paypal, signed.body, signed.headers)
  }

  /** Settles a cash or SPEI order, then (when a Conekta webhook URL is set) delivers the event and requires a 2xx. */
  const settlePending = async (orderId: string, method: 'cash' | 'spei', outcome: 'paid' | 'expired'): Promise<void> => {
    const order = conektaOrders.settle(orderId, method, outcome)
    if (!webhookUrls.conekta) return
    const type = `order.${outcome}`
    const signed = conektaSigner.sign(conektaSigner.event(type, order, { payment_status: 'pending_payment' }))
    await expectAcknowledged(await deliverWebhook(webhookUrls.conekta, signed.body, signed.headers), type)
  }

  /** Bills a subscription's next month and delivers its webhooks `deliveries` times each (0: lost), each needing a 2xx. */
  const advanceSubscription: SimControls['advanceSubscription'] = async (subscriptionId, advance = {}) => {
    const billed = conektaRecurring.advance(subscriptionId, advance.outcome)
    for (const notice of billed.notices) {
      for (let delivery = 0; delivery < (advance.deliveries ?? 1); delivery++) {
        const signed = conektaSigner.sign(conektaSigner.eventOf(notice.type, notice.object))
        await expectAcknowledged(await deliverWebhook(webhookUrls.conekta, signed.body, signed.headers), notice.type)
      }
    }
    return { orderId: billed.order.id, paid: billed.order.payment_status === 'paid', events: billed.notices.map((notice) => notice.type) }
  }

  const outages = new Outages()

  const controls: SimControls = {
    setOutage: (provider, outage) => outages.set(provider, outage),
    advanceSubscription,
    payOxxo: (orderId) => settlePending(orderId, 'cash', 'paid'),
    expireOxxo: (orderId) => settlePending(orderId, 'cash', 'expired'),
    paySpei: (orderId) => settlePending(orderId, 'spei', 'paid'),
    expireSpei: (orderId) => settlePending(orderId, 'spei', 'expired'),
    answerNextSpeiWith: async (clabe) => {
      conektaOrders.answerNextSpeiWith(clabe)
    },
    approvePaypal: async (orderId, payer) => {
      paypalOrders.approve(orderId, payer)
    },
  }

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', false)
  app.use(cors)
  app.use('/conekta', outages.middleware('conekta'), conektaRouter({ keys: conektaKeys, tokens, orders: conektaOrders, signer: conektaSigner, ledger: conektaLedger, recurring: conektaRecurring }))
  app.use('/paypal', outages.middleware('paypal'), paypalRouter({ tokens: paypalTokens, orders: paypalOrders, signer: paypalSigner }))
  app.use('/_sim', controlsRouter(controls))
  app.get('/', (_req, res) => {
    res.json({ name: 'provider-sim', conekta: `${origin}/conekta`, paypal: `${origin}/paypal`, tokenizer: `${origin}/conekta/conekta.js`, paypalSdk: `${origin}/paypal/sdk.js` })
  })

  const server: Server = createServer(app)
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1')
  await once(server, 'listening')
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  origin = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`

  return {
    url: origin,
    conekta: { baseUrl: `${origin}/conekta`, ...conektaKeys },
    paypal: { baseUrl: paypalBase(), ...paypalCredentials, webhookId: paypalSigner.webhookId },
    setWebhookUrls(urls) {
      if (urls.conekta !== undefined) webhookUrls.conekta = urls.conekta
      if (urls.paypal !== undefined) webhookUrls.paypal = urls.paypal
    },
    ...controls,
    sendConektaWebhook,
    sendPaypalWebhook,
    conektaOrders: () => conektaOrders.all(),
    paypalOrders: () => paypalOrders.all(),
    conektaSubscriptions: () => conektaRecurring.subscriptions(),
    conektaOrdersPlacedWith: (key) => conektaLedger.placedWith(key),
    loseNextConektaOrderAnswer: () => conektaLedger.loseNextAnswer(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
