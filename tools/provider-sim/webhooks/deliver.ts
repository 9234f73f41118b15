/** POSTs a webhook body exactly as signed (the receiver verifies the raw bytes). */
export async function deliverWebhook(url: string | undefined, body: string, headers: Record<string, string>): Promise<Response> {
  if (!url) throw new Error('provider-sim: no webhook URL configured (call setWebhookUrls first)')
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'provider-sim-webhooks', ...headers },
    body,
    signal: AbortSignal.timeout(15_000),
  })
}

/** Throws unless the receiver acknowledged the webhook with a 2xx. */
export async function expectAcknowledged(response: Response, what: string): Promise<void> {
  if (response.ok) return
  const text = await response.text().catch(() => '')
  throw new Error(`provider-sim: ${what} webhook answered ${response.status} ${text.slice(0, 200)}`)
}
