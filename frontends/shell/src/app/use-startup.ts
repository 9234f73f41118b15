import { useEffect } from 'react'
import { countSiteVisit, useSession, useSiteConfig } from '@donaciones/web-kit'
import { installGlobalErrorHandler } from './global-errors.ts'
import { loadDashboard, loadPublic } from '../remotes/remotes.ts'

let started = false

/** Once per page load: the error handler, the site configuration, the session (spec §4) and the visit counter. */
export function useStartup(): void {
  useEffect(() => {
    if (started) return
    started = true
    installGlobalErrorHandler()
    // Fetch the route's remote while the configuration and session load, not after them.
    const path = window.location.pathname
    if (/^\/dashboard(\/|$)/.test(path)) void loadDashboard().catch(() => undefined)
    else if (!/^\/configure(\/|$)/.test(path)) void loadPublic().catch(() => undefined)
    void useSiteConfig.getState().load()
    void useSession.getState().start()
    void countSiteVisit().catch(() => undefined)
  }, [])
}
