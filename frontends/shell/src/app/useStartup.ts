import { useEffect } from 'react'
import { apiRequest, useSession, useSiteConfig } from '@donaciones/web-kit'
import { installGlobalErrorHandler } from './global-errors.ts'

let started = false

/** Once per page load: the error handler, the site configuration, the session (spec §4) and the visit counter. */
export function useStartup(): void {
  useEffect(() => {
    if (started) return
    started = true
    installGlobalErrorHandler()
    void useSiteConfig.getState().load()
    void useSession.getState().start()
    void apiRequest('COUNT_VISIT', '/counters/visits', { method: 'POST', silent: true }).catch(() => undefined)
  }, [])
}
