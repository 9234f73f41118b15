import { useEffect, useRef, type ReactNode } from 'react'
import { Navigate, Route, Routes, useLocation } from '@donaciones/web-kit/router'
import { ErrorPanel, guardRedirect, isPublicRoute, Loading, Notifications, notify, remoteAreas, useSession, useSiteConfig } from '@donaciones/web-kit'
import { remoteScreen } from '../remotes/remote-screen.tsx'
import { loadDashboard, loadPublic, loadSetup } from '../remotes/remotes.ts'
import { DocumentHead } from './DocumentHead.tsx'
import { ScrollReset } from './ScrollReset.tsx'
import { useStartup } from './use-startup.ts'

const SetupRemote = remoteScreen(loadSetup)
const DashboardRemote = remoteScreen(loadDashboard)
const PublicRemote = remoteScreen(loadPublic)

/** The remote drawing each area of the site's route table; the public remote draws the rest. */
const areaScreens: Record<(typeof remoteAreas)[number]['remote'], ReactNode> = {
  dashboard: <DashboardRemote />,
  setup: <SetupRemote />,
}

export function App() {
  useStartup()
  return (
    <>
      <Notifications />
      <ScrollReset />
      <DocumentHead />
      <Guarded>
        <Routes>
          {remoteAreas.map(({ prefix, remote }) => (
            <Route key={prefix} path={`${prefix}/*`} element={areaScreens[remote]} />
          ))}
          <Route path="*" element={<PublicRemote />} />
        </Routes>
      </Guarded>
    </>
  )
}

/** Waits for the configuration and the session, then applies the redirects of spec §2.1, §4 and §5. */
function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const configStatus = useSiteConfig((state) => state.status)
  const config = useSiteConfig((state) => state.config)
  const sessionStatus = useSession((state) => state.status)
  const user = useSession((state) => state.user)
  if (configStatus === 'error') {
    return (
      <main>
        <ErrorPanel
          title="No se pudo conectar con el sitio"
          text="El servidor no respondió. Intente de nuevo en unos momentos."
          onRetry={() => void useSiteConfig.getState().load()}
        />
      </main>
    )
  }
  if (configStatus === 'loading' || !config) return <Loading />
  // Public pages do not wait for the session check: they render for a visitor and re-check the
  // redirects when it ends (a signed-in user then sees their menu, or is sent where spec §4 says).
  if (sessionStatus === 'checking' && !isPublicRoute(pathname)) return <Loading />
  const target = guardRedirect({ pathname, configured: config.configured, user })
  if (target && target.to !== pathname) return <Redirect to={target.to} notice={target.notice} />
  return children
}

/** Replaces the location with `to`, telling why in a toast when the guard has a reason to give. */
function Redirect({ to, notice }: { to: string; notice: string | null }) {
  const told = useRef(false)
  useEffect(() => {
    if (!notice || told.current) return
    told.current = true
    notify.warning(notice)
  }, [notice])
  return <Navigate to={to} replace />
}
