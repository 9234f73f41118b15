import { randomUUID } from 'node:crypto'
import type { DonationDeps } from '../deps.ts'
import { expiredVouchers, pendingWithOrder } from '../projections/donation-queries.ts'
import { ConektaClient } from '../providers/conekta-client.ts'
import { loadPaymentSettings } from '../providers/payment-settings.ts'
import { PaypalClient } from '../providers/paypal-client.ts'
import { syncConektaOrder } from './conekta-sync.ts'
import { expireDonation, type DonationCommandContext } from './donation-commands.ts'
import { loadDonation } from './donation-state.ts'
import { loadMonthly } from './monthly-decider.ts'
import { syncMonthlyStatus } from './monthly-sync.ts'
import { ConektaRecurringClient } from '../providers/conekta-recurring.ts'
import { openMonthlyDonations } from '../projections/monthly-donations.ts'
import { approveFromPaypal } from './paypal-donation.ts'

export interface ReconcileReport {
  since: string
  conekta: { paidOrders: number; recorded: number; approved: number }
  oxxo: { expired: number; paid: number }
  /** Monthly donations asked about: paid months come with the paid orders above; here, what changed of their state. */
  monthly: { checked: number; suspended: number; cancelled: number }
  paypal: { pending: number; approved: number }
  errors: string[]
}

/**
 * Lists the providers' orders since a date and records every paid one we lack (a crashed request,
 * a lost webhook), approves pending ones the provider confirms, and expires OXXO vouchers past
 * their expiry. Safe to run any number of times, concurrently with the webhooks.
 */
export async function reconcile(deps: DonationDeps, options: { since: Date; now?: Date; correlationId?: string }): Promise<ReconcileReport> {
  const now = options.now ?? new Date()
  const command: DonationCommandContext = { store: deps.context.store, mail: deps.context.mail, correlationId: options.correlationId ?? `reconcile-${randomUUID()}`, actor: null }
  const report: ReconcileReport = {
    since: options.since.toISOString(),
    conekta: { paidOrders: 0, recorded: 0, approved: 0 },
    oxxo: { expired: 0, paid: 0 },
    monthly: { checked: 0, suspended: 0, cancelled: 0 },
    paypal: { pending: 0, approved: 0 },
    errors: [],
  }
  const settings = await loadPaymentSettings(deps.context.directory, command.correlationId)
  const { db, store } = deps.context

  if (settings.conekta.privateKey) {
    const conekta = new ConektaClient(settings.conekta.privateKey, deps.options.conektaApiUrl)
    try {
      const orders = await conekta.listOrders('paid', Math.floor(options.since.getTime() / 1000))
      report.conekta.paidOrders = orders.length
      for (const order of orders) {
        const outcome = await syncConektaOrder(deps, command, order)
        if (outcome === 'recorded') report.conekta.recorded++
        if (outcome === 'suspended' || outcome === 'cancelled') report.monthly[outcome]++
        if (outcome === 'approved') report.conekta.approved++
      }
    } catch (error) {
      report.errors.push(`conekta: ${String(error)}`)
    }
    for (const voucher of await expiredVouchers(db, store.schema, now)) {
      try {
        const order = voucher.provider_order_id ? await conekta.getOrder(voucher.provider_order_id) : undefined
        if (order?.payment_status === 'paid') {
          if ((await syncConektaOrder(deps, command, order)) === 'approved') report.oxxo.paid++
        } else if ((await expireDonation(command, voucher.id)).appended) {
          report.oxxo.expired++
        }
      } catch (error) {
        report.errors.push(`oxxo ${voucher.id}: ${String(error)}`)
      }
    }
  }

  if (settings.conekta.privateKey) {
    const recurring = new ConektaRecurringClient(settings.conekta.privateKey, deps.options.conektaApiUrl)
    for (const open of await openMonthlyDonations(db, store.schema)) {
      try {
        const state = await loadMonthly(store, open.id)
        if (!state) continue
        report.monthly.checked++
        const subscription = await recurring.getSubscription(open.provider_customer_id)
        if (await syncMonthlyStatus(command, state, subscription)) report.monthly[subscription.status === 'paused' ? 'suspended' : 'cancelled']++
      } catch (error) {
        report.errors.push(`mensual ${open.id}: ${String(error)}`)
      }
    }
  }

  if (settings.paypal.clientId && settings.paypal.secret) {
    const paypal = new PaypalClient({ clientId: settings.paypal.clientId, secret: settings.paypal.secret }, deps.options.paypalApiUrl)
    const pending = await pendingWithOrder(db, store.schema, 'paypal', options.since)
    report.paypal.pending = pending.length
    for (const row of pending) {
      try {
        const state = await loadDonation(store, row.id)
        if (!state || !row.provider_order_id) continue
        const order = await paypal.getOrder(row.provider_order_id)
        if (order.status === 'COMPLETED' && (await approveFromPaypal(deps, command, state, order))) report.paypal.approved++
      } catch (error) {
        report.errors.push(`paypal ${row.id}: ${String(error)}`)
      }
    }
  }
  return report
}

/** The scheduled run inside the service: every `intervalMs`, never overlapping; returns the stop function. */
export function scheduleReconciliation(deps: DonationDeps): () => Promise<void> {
  const { reconcileIntervalMs, reconcileLookbackMs } = deps.options
  if (reconcileIntervalMs <= 0) return async () => {}
  let running: Promise<void> | undefined
  let stopped = false
  const run = () => {
    if (running || stopped) return
    running = reconcile(deps, { since: new Date(Date.now() - reconcileLookbackMs) })
      .then((report) => {
        if (report.errors.length > 0) deps.context.logger.warn({ report }, 'Conciliación de donaciones con errores')
        else deps.context.logger.info({ report }, 'Conciliación de donaciones')
      })
      .catch((error: unknown) => {
        if (!stopped) deps.context.logger.warn({ err: error }, 'La conciliación de donaciones falló')
      })
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(run, reconcileIntervalMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
