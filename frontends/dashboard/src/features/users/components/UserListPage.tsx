import { useMemo, useState } from 'react'
import type { User } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { matchesSearch } from '../../../lib/table-search.ts'
import { useEmptyListDialog } from '../../../hooks/use-empty-list-dialog.ts'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { exportUsers, USERS_PATH } from '../api/users-api.ts'
import { USER_ROUTES } from '../lib/routes.ts'
import { pictureOf } from '../lib/user-picture.ts'
import { UserAvatar } from './UserAvatar.tsx'
import './users.css'

/** /dashboard/user/list: the users (role 2) as a grid of contact cards (spec §2.5). */
export function UserListPage() {
  const permissions = usePermissions('user')
  const { state, data, retry: reload } = useQuery(USERS_PATH, (signal, path) => apiRequest<User[]>('LOAD_USERS', path, { signal }))
  const [search, setSearch] = useState('')
  const [exporting, setExporting] = useState(false)
  useEmptyListDialog(data, permissions.create)

  const shown = useMemo(() => {
    if (!data || !search.trim()) return data
    return data.filter((user) => matchesSearch(`${user.fullName} ${user.email}`, search))
  }, [data, search])

  const download = async () => {
    setExporting(true)
    try {
      await exportUsers('user', [])
    } catch {
      // The kit already showed the failure as a warning toast.
    } finally {
      setExporting(false)
    }
  }

  return (
    <section>
      <PageHeader title="Usuarios">
        {permissions.create && <Link className="kit-button" to={`${USER_ROUTES.create}?rol=2`}>Agregar</Link>}
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <>
          <div className="user-toolbar">
            <label className="user-toolbar__search">
              <span className="kit-visually-hidden">Buscar</span>
              <input type="search" className="kit-input" placeholder="Buscar" value={search} onChange={(event) => setSearch(event.target.value)} />
            </label>
            <button type="button" className="kit-button kit-button--secondary" onClick={() => void download()} disabled={exporting || !data || data.length === 0}>
              Descargar todo
            </button>
          </div>
          {shown === undefined ? (
            <p className="user-state" role="status">Cargando datos...</p>
          ) : shown.length === 0 ? (
            <p className="user-state">Sin datos disponibles</p>
          ) : (
            <ul className="user-grid" aria-label="Lista de usuarios">
              {shown.map((user) => (
                <li key={user._id}>
                  <Link className="user-card" to={USER_ROUTES.view(user._id)}>
                    <UserAvatar name={user.name} lastName={user.lastName} picture={pictureOf(user)} />
                    <span className="user-card__body">
                      <span className="user-card__name">{user.fullName}</span>
                      <span className="user-card__email">{user.email}</span>
                      <ActiveMark active={user.active} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
