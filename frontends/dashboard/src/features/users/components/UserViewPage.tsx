import { ROLE_LABELS, type User } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDateTime, hasPermission, Loading, useQuery, useSession } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { RecordView } from '../../../components/RecordView.tsx'
import { toggleWithJustification } from '../../../lib/record-actions.ts'
import { toggleUser, USERS_PATH } from '../api/users-api.ts'
import { moduleOfRole } from '../lib/permission-matrix.ts'
import { USER_ROUTES } from '../lib/routes.ts'
import { pictureOf } from '../lib/user-picture.ts'
import { UserAvatar } from './UserAvatar.tsx'
import './users.css'

/** /dashboard/user/view/:id: a user or administrator, with 'Ver historial'. */
export function UserViewPage() {
  const { id = '' } = useParams()
  const me = useSession((state) => state.user)
  const { state, data, retry: reload } = useQuery(`${USERS_PATH}/${id}`, (signal, path) => apiRequest<User>('LOAD_USER', path, { signal }))

  if (state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />

  const canUpdate = hasPermission(me, moduleOfRole(data.role), 'update')
  const toggle = async () => {
    try {
      if (await toggleWithJustification(USERS_PATH, !data.active, (description) => toggleUser(data._id, !data.active, description))) reload()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <RecordView
      title="Usuario - Información del registro"
      fields={[
        { label: 'Foto', value: <UserAvatar name={data.name} lastName={data.lastName} picture={pictureOf(data)} size="lg" /> },
        { label: 'Nombre', value: data.name },
        { label: 'Apellido', value: data.lastName },
        { label: 'Correo electrónico', value: data.email },
        { label: 'Rol', value: ROLE_LABELS[data.role] },
        { label: 'Fecha de creación', value: formatDateTime(data.createdAt) },
        { label: 'Última actualización', value: formatDateTime(data.updatedAt) },
      ]}
      active={data.active}
      canUpdate={canUpdate}
      editTo={USER_ROUTES.edit(data._id)}
      onToggle={() => void toggle()}
      backTo={data.role === 2 ? USER_ROUTES.list : USER_ROUTES.adminList}
    >
      <p>
        <Link to={USER_ROUTES.history(data._id)}>Ver historial</Link>
      </p>
    </RecordView>
  )
}
