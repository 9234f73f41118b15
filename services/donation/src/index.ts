import { Router } from 'express'
import { donationEvents } from '@donaciones/contracts'
import type { ServiceContext, ServiceDefinition } from '@donaciones/kit'
import { deliverDonorMail } from './commands/donor-mail.ts'
import { scheduleReconciliation } from './commands/reconcile.ts'
import { createDeps, type DonationDeps } from './deps.ts'
import { resolveOptions, type DonationServiceOptions } from './options.ts'
import { campaignRefsProjection } from './projections/campaign-refs.ts'
import { donationsProjection } from './projections/donations.ts'
import { monthlyDonationsProjection } from './projections/monthly-donations.ts'
import { receiptRequestsProjection } from './projections/receipt-requests.ts'
import { donationMigrations } from './migrations.ts'
import { channelRoutes } from './routes/channel-routes.ts'
import { exportRoutes } from './routes/export-routes.ts'
import { monthlyRoutes } from './routes/monthly-routes.ts'
import { providerRoutes } from './routes/provider-routes.ts'
import { receiptRoutes } from './routes/receipt-routes.ts'
import { readRoutes } from './routes/read-routes.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'

export type { DonationServiceOptions } from './options.ts'
export { reconcile, type ReconcileReport, type ReconcileStep } from './commands/reconcile.ts'
export { reconcileInService, reconcileOnDatabase, reconcileSince, type ReconcileRun } from './reconcile-job.ts'
export { reconcileStepText } from './reconcile-progress.ts'

/**
 * The donation service. Options win over the environment (CONEKTA_API_URL, PAYPAL_API_URL,
 * PAYPAL_WEBHOOK_ID, DONATION_RATE_*, DONATION_RECONCILE_INTERVAL_MS…), read when it starts.
 */
export function createDonationService(options: DonationServiceOptions = {}): ServiceDefinition {
  const running = new WeakMap<ServiceContext, { deps: DonationDeps; stop: () => Promise<void> }>()
  const depsOf = (context: ServiceContext): DonationDeps => {
    const existing = running.get(context)
    if (existing) return existing.deps
    const deps = createDeps(context, resolveOptions(options, context.settings))
    running.set(context, { deps, stop: async () => {} })
    return deps
  }
  return {
    name: 'donation',
    events: donationEvents,
    projections: [donationsProjection, campaignRefsProjection, monthlyDonationsProjection, receiptRequestsProjection],
    migrations: donationMigrations,
    async setup(context) {
      const deps = depsOf(context)
      running.set(context, { deps, stop: scheduleReconciliation(deps) })
    },
    deliverMail(context, mail) {
      return deliverDonorMail(depsOf(context), mail)
    },
    async stop(context) {
      await running.get(context)?.stop()
    },
    routes(context) {
      const deps = depsOf(context)
      const router = Router()
      router.use(webhookRoutes(deps))
      router.use(channelRoutes(deps))
      router.use(monthlyRoutes(deps, context))
      router.use(exportRoutes(context))
      router.use(receiptRoutes(deps, context))
      router.use(providerRoutes(deps, context))
      router.use(readRoutes(context))
      return router
    },
  }
}

export const donationService: ServiceDefinition = createDonationService()
