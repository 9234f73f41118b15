import { ROLE_LABELS, type User } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDateTime, Loading, useQuery, useSession } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { USERS_PATH } from '../api/users-api.ts'
import { USER_ROUTES } from '../lib/routes.ts'
import { pictureOf } from '../lib/user-picture.ts'
import { UserAvatar } from './UserAvatar.tsx'
import '../../../components/record-view.css'
import './users.css'

/** /dashboard/user-admin/profile/:id: the signed-in administrator's own profile (bypass). */
export function ProfileViewPage() {
  const { id = '' } = useParams()
  const me = useSession((state) => state.user)
  const { state, data, retry: reload } = useQuery(`${USERS_PATH}/${id}`, (signal, path) => apiRequest<User>('LOAD_PROFILE', path, { signal }))

  if (state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />
  const own = me?._id === data._id

  return (
    <section>
      <PageHeader title="Perfil">
        {own && <Link className="kit-button" to={USER_ROUTES.profileEdit}>Editar perfil</Link>}
      </PageHeader>
      <div className="profile-view">
        <UserAvatar name={data.name} lastName={data.lastName} picture={pictureOf(data)} size="lg" />
        <dl className="record-view__fields">
          <div className="record-view__field"><dt>Nombre</dt><dd>{data.name}</dd></div>
          <div className="record-view__field"><dt>Apellido</dt><dd>{data.lastName}</dd></div>
          <div className="record-view__field"><dt>Correo electrónico</dt><dd>{data.email}</dd></div>
          <div className="record-view__field"><dt>Rol</dt><dd>{ROLE_LABELS[data.role]}</dd></div>
          <div className="record-view__field"><dt>Estado</dt><dd><ActiveMark active={data.active} /></dd></div>
          <div className="record-view__field"><dt>Fecha de creación</dt><dd>{formatDateTime(data.createdAt)}</dd></div>
        </dl>
      </div>
    </section>
  )
}
