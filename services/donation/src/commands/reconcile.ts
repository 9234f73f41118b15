import { randomUUID } from 'node:crypto'
import type { DonationDeps } from '../deps.ts'
import { expiredVouchers, pendingWithOrder } from '../projections/donation-queries.ts'
import { ConektaClient } from '../providers/conekta-client.ts'
import { loadPaymentSettings } from '../providers/payment-settings.ts'
import { PaypalClient } from '../providers/paypal-client.ts'
import { syncConektaOrder } from './conekta-sync.ts'
import { expireDonation, type DonationCommandContext } from './donation-commands.ts'
import { loadDonation } from './load-donation.ts'
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
 * What a reconciliation is doing, told as it goes to whoever runs it (the command line prints it);
 * the reconciliation itself prints nothing.
 */
export type ReconcileStep =
  | { step: 'skipped'; provider: 'conekta' | 'paypal' }
  | { step: 'orders'; since: Date }
  | { step: 'orders-listed'; total: number }
  | { step: 'orders-checked'; checked: number; total: number; recorded: number; approved: number }
  | { step: 'vouchers'; due: number }
  | { step: 'vouchers-checked'; expired: number; paid: number }
  | { step: 'subscriptions'; open: number }
  | { step: 'subscriptions-checked'; checked: number; suspended: number; cancelled: number }
  | { step: 'paypal'; pending: number }
  | { step: 'paypal-checked'; approved: number }
  | { step: 'error'; error: string }

export interface ReconcileOptions {
  since: Date
  now?: Date
  correlationId?: string
  onProgress?: (step: ReconcileStep) => void
}

/** Orders between two 'orders-checked' steps. */
const ORDERS_PER_STEP = 25

/**
 * Lists the providers' orders since a date and records every paid one we lack (a crashed request,
 * a lost webhook), approves pending ones the provider confirms, and expires OXXO vouchers past
 * their expiry. Safe to run any number of times, concurrently with the webhooks.
 */
export async function reconcile(deps: DonationDeps, options: ReconcileOptions): Promise<ReconcileReport> {
  const now = options.now ?? new Date()
  const tell = options.onProgress ?? (() => {})
  const command: DonationCommandContext = { store: deps.context.store, mail: deps.context.mail, correlationId: options.correlationId ?? `reconcile-${randomUUID()}`, actor: null }
  const report: ReconcileReport = {
    since: options.since.toISOString(),
    conekta: { paidOrders: 0, recorded: 0, approved: 0 },
    oxxo: { expired: 0, paid: 0 },
    monthly: { checked: 0, suspended: 0, cancelled: 0 },
    paypal: { pending: 0, approved: 0 },
    errors: [],
  }
  const failed = (error: string) => {
    report.errors.push(error)
    tell({ step: 'error', error })
  }
  const settings = await loadPaymentSettings(deps.context.directory, command.correlationId)
  const { db, store } = deps.context

  if (settings.conekta.privateKey) {
    const conekta = new ConektaClient(settings.conekta.privateKey, deps.options.conektaApiUrl)
    try {
      tell({ step: 'orders', since: options.since })
      const orders = await conekta.listOrders('paid', Math.floor(options.since.getTime() / 1000))
      report.conekta.paidOrders = orders.length
      tell({ step: 'orders-listed', total: orders.length })
      const checked = (count: number) => tell({ step: 'orders-checked', checked: count, total: orders.length, recorded: report.conekta.recorded, approved: report.conekta.approved })
      for (const [index, order] of orders.entries()) {
        const outcome = await syncConektaOrder(deps, command, order)
        if (outcome === 'recorded') report.conekta.recorded++
        if (outcome === 'suspended' || outcome === 'cancelled') report.monthly[outcome]++
        if (outcome === 'approved') report.conekta.approved++
        if ((index + 1) % ORDERS_PER_STEP === 0 && index + 1 < orders.length) checked(index + 1)
      }
      checked(orders.length)
    } catch (error) {
      failed(`conekta: ${String(error)}`)
    }
    const vouchers = await expiredVouchers(db, store.schema, now)
    tell({ step: 'vouchers', due: vouchers.length })
    for (const voucher of vouchers) {
      try {
        const order = voucher.provider_order_id ? await conekta.getOrder(voucher.provider_order_id) : undefined
        if (order?.payment_status === 'paid') {
          if ((await syncConektaOrder(deps, command, order)) === 'approved') report.oxxo.paid++
        } else if ((await expireDonation(command, voucher.id)).appended) {
          report.oxxo.expired++
        }
      } catch (error) {
        failed(`oxxo ${voucher.id}: ${String(error)}`)
      }
    }
    tell({ step: 'vouchers-checked', ...report.oxxo })

    const recurring = new ConektaRecurringClient(settings.conekta.privateKey, deps.options.conektaApiUrl)
    const open = await openMonthlyDonations(db, store.schema)
    tell({ step: 'subscriptions', open: open.length })
    for (const monthly of open) {
      try {
        const state = await loadMonthly(store, monthly.id)
        if (!state) continue
        report.monthly.checked++
        const subscription = await recurring.getSubscription(monthly.provider_customer_id)
        if (await syncMonthlyStatus(command, state, subscription)) report.monthly[subscription.status === 'paused' ? 'suspended' : 'cancelled']++
      } catch (error) {
        failed(`mensual ${monthly.id}: ${String(error)}`)
      }
    }
    tell({ step: 'subscriptions-checked', ...report.monthly })
  } else {
    tell({ step: 'skipped', provider: 'conekta' })
  }

  if (settings.paypal.clientId && settings.paypal.secret) {
    const paypal = new PaypalClient({ clientId: settings.paypal.clientId, secret: settings.paypal.secret }, deps.options.paypalApiUrl)
    const pending = await pendingWithOrder(db, store.schema, 'paypal', options.since)
    report.paypal.pending = pending.length
    tell({ step: 'paypal', pending: pending.length })
    for (const row of pending) {
      try {
        const state = await loadDonation(store, row.id)
        if (!state || !row.provider_order_id) continue
        const order = await paypal.getOrder(row.provider_order_id)
        if (order.status === 'COMPLETED' && (await approveFromPaypal(deps, command, state, order))) report.paypal.approved++
      } catch (error) {
        failed(`paypal ${row.id}: ${String(error)}`)
      }
    }
    tell({ step: 'paypal-checked', approved: report.paypal.approved })
  } else {
    tell({ step: 'skipped', provider: 'paypal' })
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
