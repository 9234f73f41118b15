import type { Request } from 'express'
import type { ServiceContext } from '@donaciones/kit'
import type { DonationCommandContext } from './commands/donation-commands.ts'
import { KeyedLock } from './commands/keyed-lock.ts'
import type { ResolvedOptions } from './options.ts'

/** What the donation routes and jobs share. */
export interface DonationDeps {
  context: Pick<ServiceContext, 'db' | 'store' | 'logger' | 'directory'>
  options: ResolvedOptions
  locks: KeyedLock
}

export function createDeps(context: DonationDeps['context'], options: ResolvedOptions): DonationDeps {
  return { context, options, locks: new KeyedLock() }
}

export function commandFor(deps: DonationDeps, req: Request): DonationCommandContext {
  return { store: deps.context.store, correlationId: req.requestId, actor: req.auth?._id ?? null }
}
