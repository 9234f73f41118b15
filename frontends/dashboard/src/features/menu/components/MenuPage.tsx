import { ROLE_FULL_ADMIN } from '@donaciones/contracts'
import { useSession } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { ProviderFailureNotice } from '../../../components/ProviderFailureNotice.tsx'
import { visibleEntries } from '../../../lib/menu-entries.ts'
import './menu.css'

/** /dashboard and /dashboard/menu: a welcome and one card per module the user may read. */
export function MenuPage() {
  const user = useSession((state) => state.user)
  const cards = visibleEntries(user)
  return (
    <section className="dashboard-menu" aria-labelledby="menu-title">
      <h1 id="menu-title">Bienvenido{user ? `, ${user.name}` : ''}</h1>
      <p>Seleccione el módulo que desea administrar.</p>
      {user?.role === ROLE_FULL_ADMIN && <ProviderFailureNotice where="home" />}
      {cards.length === 0 ? (
        <p>No tiene módulos asignados. Solicite permisos a un administrador.</p>
      ) : (
        <ul className="dashboard-menu__cards">
          {cards.map((entry) => (
            <li key={entry.to}>
              <Link className="dashboard-menu__card" to={entry.to}>
                <span className="dashboard-menu__card-title">{entry.label}</span>
                <span className="dashboard-menu__card-text">{entry.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
