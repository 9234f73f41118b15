import { useRef, useState } from 'react'
import { Link, NavLink } from '@donaciones/web-kit/router'
import type { PublicConfiguration } from '@donaciones/contracts'
import { useSession } from '@donaciones/web-kit'
import { useNavbarHeight } from '../hooks/use-navbar-height.ts'
import { navbarSiteName } from '../lib/site-name.ts'
import { SearchBox } from './SearchBox.tsx'
import { UserMenu } from './UserMenu.tsx'

const LINKS = [
  { to: '/', label: 'Inicio', end: true },
  { to: '/about', label: 'Nosotros', end: false },
  { to: '/campaigns', label: 'Campañas', end: false },
] as const

/** Top navbar of spec §2.2; on narrow screens the links fold behind a menu button. */
export function Navbar({ config }: { config: PublicConfiguration }) {
  const user = useSession((state) => state.user)
  const [menuOpen, setMenuOpen] = useState(false)
  const close = () => setMenuOpen(false)
  const name = config.settings.name
  const shownName = navbarSiteName(name)
  const header = useRef<HTMLElement>(null)
  useNavbarHeight(header)
  return (
    <header ref={header} className="public-navbar">
      <div className="public-navbar__inner">
        <Link to="/" className="public-navbar__brand" onClick={close} {...(shownName !== name && { 'aria-label': `${name}: inicio` })}>
          {config.settings.logo && <img className="public-navbar__logo" src={config.settings.logo.path} alt="" />}
          <span className="public-navbar__name">{shownName}</span>
        </Link>
        <button
          type="button"
          className="public-navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="public-navbar-menu"
          onClick={() => setMenuOpen((value) => !value)}
        >
          <span aria-hidden="true">☰</span> Menú
        </button>
        <div id="public-navbar-menu" className={`public-navbar__menu${menuOpen ? ' public-navbar__menu--open' : ''}`}>
          <SearchBox onSearched={close} />
          <nav aria-label="Principal">
            <ul className="public-navbar__links">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} onClick={close}>{link.label}</NavLink>
                </li>
              ))}
              {!user && (
                <li><NavLink to="/login" onClick={close}>Iniciar sesión</NavLink></li>
              )}
            </ul>
          </nav>
          {user && <UserMenu user={user} />}
        </div>
      </div>
    </header>
  )
}
