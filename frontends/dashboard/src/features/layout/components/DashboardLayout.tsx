import { useEffect, useState } from 'react'
import { useSession, usePublicConfig } from '@donaciones/web-kit'
import { Link, NavLink, Outlet, useLocation, useNavigate } from '@donaciones/web-kit/router'
import { NAVBAR_SITE_NAME_CUT } from '@donaciones/contracts'
import { visibleEntries } from '../../../lib/menu-entries.ts'
import './dashboard-layout.css'

/**
 * The administration frame (spec §2.5): header with the site name and logo, 'Ir al sitio', the
 * user's avatar with 'Mi perfil' and 'Cerrar sesión', and the side menu with the entries the user
 * may read. On phones the header is one row (menu button and brand); the menu button also unfolds
 * 'Ir al sitio' and the user's links. Renders the current screen in <Outlet/>.
 */
export function DashboardLayout() {
  const config = usePublicConfig()
  const user = useSession((state) => state.user)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)

  useEffect(() => setMenuOpen(false), [pathname])

  const siteName = (config?.settings.name ?? 'Donaciones').slice(0, NAVBAR_SITE_NAME_CUT)
  const logo = config?.settings.logo?.path
  const avatar = user?.thumbnail ?? user?.picture ?? null
  const fullName = user ? `${user.name} ${user.lastName}`.trim() : ''
  const entries = visibleEntries(user)

  const signOut = async () => {
    await useSession.getState().signOut()
    navigate('/login')
  }

  return (
    <div className="dashboard">
      <a className="dashboard__skip" href="#dashboard-content">Saltar al contenido</a>
      <header className={`dashboard__header${menuOpen ? ' dashboard__header--open' : ''}`}>
        <button
          type="button"
          className="dashboard__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-account dashboard-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> Menú
        </button>
        <Link to="/dashboard" className="dashboard__brand">
          {logo && <img className="dashboard__logo" src={logo} alt="" />}
          <span className="dashboard__brand-name">{siteName}</span>
        </Link>
        <div id="dashboard-account" className={`dashboard__account${menuOpen ? ' dashboard__account--open' : ''}`}>
          <Link to="/" className="dashboard__site-link">Ir al sitio</Link>
          {user && (
            <div className="dashboard__user">
              {avatar ? (
                <img className="dashboard__avatar" src={avatar} alt="" />
              ) : (
                <span className="dashboard__avatar dashboard__avatar--initial" aria-hidden="true">{user.name.slice(0, 1).toUpperCase()}</span>
              )}
              <span className="dashboard__user-name">{fullName}</span>
              <Link to="/dashboard/user-admin/profile/edit" className="dashboard__user-link">Mi perfil</Link>
              <button type="button" className="dashboard__user-link dashboard__sign-out" onClick={() => void signOut()}>
                Cerrar sesión
              </button>
            </div>
          )}
        </div>
      </header>
      <div className="dashboard__body">
        <nav id="dashboard-menu" className={`dashboard__menu${menuOpen ? ' dashboard__menu--open' : ''}`} aria-label="Menú de administración">
          <ul>
            <li>
              <NavLink end to="/dashboard" className="dashboard__menu-link">Inicio</NavLink>
            </li>
            {entries.map((entry) => {
              // Every screen of the module (list, view, edit...) highlights its entry.
              const active = pathname.startsWith(entry.to.replace(/\/(list|edit)$/, '/'))
              return (
                <li key={entry.to}>
                  <Link to={entry.to} className={`dashboard__menu-link${active ? ' active' : ''}`} {...(active && { 'aria-current': 'page' as const })}>
                    {entry.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <main id="dashboard-content" className="dashboard__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  )
}
