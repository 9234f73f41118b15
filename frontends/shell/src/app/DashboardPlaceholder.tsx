import { Link } from '@donaciones/web-kit/router'

/** /dashboard/* until the dashboard remote exists: says so in Spanish and links back. */
export function DashboardPlaceholder() {
  return (
    <main className="shell-placeholder">
      <h1>Panel de administración</h1>
      <p>El panel de administración estará disponible en una próxima versión.</p>
      <p>
        <Link to="/">Ir al sitio público</Link>
      </p>
    </main>
  )
}
