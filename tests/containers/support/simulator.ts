import type { Stack } from '../../../tools/containers/stack.ts'

const conektaAccept = 'application/vnd.conekta-v2.1.0+json'

/** The payment simulator container of the compose `demo` profile, reached at its own address. */
export class SimulatorClient {
  private constructor(
    readonly url: string,
    readonly publicKey: string,
    readonly privateKey: string,
  ) {}

  /** Its address, and the keys it printed when it started (random per start). */
  static async connect(stack: Stack): Promise<SimulatorClient> {
    const container = await stack.one('provider-sim')
    const logs = await stack.logs(container.id, 200)
    const privateKey = /CONEKTA_PRIVATE_KEY=(\S+)/.exec(logs)?.[1]
    const publicKey = /CONEKTA_PUBLIC_KEY=(\S+)/.exec(logs)?.[1]
    if (!privateKey || !publicKey) throw new Error(`El simulador no imprimió sus llaves:\n${logs}`)
    return new SimulatorClient(`http://${await stack.address(container.id)}:4100`, publicKey, privateKey)
  }

  /** A card token as conekta.js gives the browser (an approved card). */
  async cardToken(): Promise<string> {
    const response = await fetch(`${this.url}/conekta/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.publicKey}`, accept: conektaAccept, 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', name: 'Donante Prueba', exp_month: '12', exp_year: '2035', cvc: '123' } }),
    })
    if (!response.ok) throw new Error(`Tokenización fallida: ${response.status}`)
    return ((await response.json()) as { id: string }).id
  }

  /** Pays an OXXO voucher; the simulator then sends the signed `order.paid` webhook to the gateway and requires a 2xx. */
  async payOxxo(orderId: string): Promise<void> {
    const response = await fetch(`${this.url}/_sim/oxxo/${orderId}/pay`, { method: 'POST' })
    if (!response.ok) throw new Error(`Pago OXXO ${orderId} fallido: ${response.status} ${await response.text()}`)
  }

  /** Ids of every order the simulator holds as paid (the provider's side of "approved donations"). */
  async paidOrderIds(): Promise<string[]> {
    const ids: string[] = []
    let next = ''
    for (;;) {
      const response = await fetch(`${this.url}/conekta/orders?payment_status=paid&limit=250${next ? `&next=${next}` : ''}`, {
        headers: { authorization: `Bearer ${this.privateKey}`, accept: conektaAccept },
      })
      if (!response.ok) throw new Error(`Pedidos del simulador: ${response.status}`)
      const page = (await response.json()) as { has_more: boolean; data: { id: string }[] }
      ids.push(...page.data.map((order) => order.id))
      const last = page.data.at(-1)
      if (!page.has_more || !last) return ids
      next = last.id
    }
  }
}
