import { loadScript } from './load-script.ts'

export interface PaypalButtonsOptions {
  createOrder: () => Promise<string>
  onApprove: (data: { orderID: string }) => Promise<void>
  onCancel?: () => void
  onError?: (error: unknown) => void
}

interface PaypalSdk {
  Buttons(options: PaypalButtonsOptions): { render(target: HTMLElement | string): Promise<void>; close?: () => Promise<void> }
}

/** Loads the wallet's SDK (client id and MXN as its query, as the real SDK expects) and returns it. */
export async function loadPaypalSdk(sdkUrl: string, clientId: string): Promise<PaypalSdk> {
  const url = new URL(sdkUrl, window.location.href)
  url.searchParams.set('client-id', clientId)
  url.searchParams.set('currency', 'MXN')
  await loadScript(url.toString())
  const paypal = (window as unknown as { paypal?: PaypalSdk }).paypal
  if (!paypal) throw new Error('PayPal no disponible')
  return paypal
}
