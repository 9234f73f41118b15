import { ROLE_LABELS, type User } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDate, useQuery } from '@donaciones/web-kit'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { exportUsers, USERS_PATH } from '../api/users-api.ts'
import { USER_ROUTES } from '../lib/routes.ts'

const columns: DataColumn<User>[] = [
  { id: 'name', header: 'Nombre', value: (row) => row.fullName },
  { id: 'email', header: 'Correo electrónico', value: (row) => row.email },
  { id: 'role', header: 'Rol', value: (row) => ROLE_LABELS[row.role] },
  { id: 'active', header: 'Estado', value: (row) => (row.active ? 'Activo' : 'Inactivo'), cell: (row) => <ActiveMark active={row.active} /> },
  { id: 'createdAt', header: 'Fecha de creación', value: (row) => new Date(row.createdAt), cell: (row) => formatDate(row.createdAt) },
]

/** /dashboard/user-admin/list: administrators (roles 0 and 1). */
export function AdminListPage() {
  const navigate = useNavigate()
  const permissions = usePermissions('admin')
  const { state, data, retry: reload } = useQuery(`${USERS_PATH}/admin`, (signal, path) => apiRequest<User[]>('LOAD_ADMINS', path, { signal }))

  return (
    <section>
      <PageHeader title="Administradores">
        {permissions.create && <Link className="kit-button" to={`${USER_ROUTES.create}?rol=1`}>Agregar</Link>}
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <DataTable
          label="Lista de administradores"
          columns={columns}
          rows={data}
          getRowId={(row) => row._id}
          rowLabel={(row) => row.fullName}
          onOpen={(row) => navigate(USER_ROUTES.view(row._id))}
          onExport={(ids) => exportUsers('admin', ids)}
          renderExpanded={(row) => <HistoryRows module="user" document={row._id} />}
        />
      )}
    </section>
  )
}
