import type { ServiceName } from '@donaciones/contracts'

export interface GatewayRoute {
  prefix: string
  service: ServiceName
  /** 'required': the gateway refuses requests without a valid token before they reach the service. */
  auth: 'required' | 'optional'
}

/** Which service answers each API prefix (architecture brief §1). Services check permissions again. */
export const routeTable: readonly GatewayRoute[] = [
  { prefix: '/api/auth', service: 'identity', auth: 'optional' },
  { prefix: '/api/oauth', service: 'identity', auth: 'optional' },
  { prefix: '/api/users', service: 'identity', auth: 'required' },
  { prefix: '/api/modules', service: 'identity', auth: 'required' },
  { prefix: '/api/init', service: 'content', auth: 'optional' },
  { prefix: '/api/configuration', service: 'content', auth: 'required' },
  { prefix: '/api/pages', service: 'content', auth: 'required' },
  { prefix: '/api/public/pages', service: 'content', auth: 'optional' },
  { prefix: '/api/files', service: 'content', auth: 'optional' },
  { prefix: '/api/institutions', service: 'campaign', auth: 'required' },
  { prefix: '/api/categories', service: 'campaign', auth: 'required' },
  { prefix: '/api/campaigns', service: 'campaign', auth: 'required' },
  { prefix: '/api/options', service: 'campaign', auth: 'required' },
  { prefix: '/api/public/campaigns', service: 'campaign', auth: 'optional' },
  { prefix: '/api/comments', service: 'campaign', auth: 'required' },
  { prefix: '/api/donations', service: 'donation', auth: 'optional' },
  { prefix: '/api/receipts', service: 'donation', auth: 'required' },
  { prefix: '/api/historical', service: 'audit', auth: 'required' },
  { prefix: '/api/counters', service: 'audit', auth: 'optional' },
]
