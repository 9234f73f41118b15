import { ROLE_LABELS, type User } from '@donaciones/contracts'
import { formatDate } from '@donaciones/web-kit'
import './history.css'

/** The author whose changes are listed (spec §2.5): active flag, name, last name, e-mail, role, creation date. */
export function UserCard({ user, titleId }: { user: User; titleId: string }) {
  const picture = user.thumbnail?.path ?? user.picture
  return (
    <section className="history-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Usuario</h2>
      <div className="history-user-card">
        {picture && <img className="history-user-card__picture" src={picture} alt={`Foto de ${user.fullName}`} width={72} height={72} />}
        <dl>
          <dt>Estado</dt>
          <dd>
            {user.active ? (
              <span className="history-active history-active--yes">
                <span aria-hidden="true">✓ </span>
                <span>Activo</span>
              </span>
            ) : (
              <span className="history-active history-active--no">
                <span aria-hidden="true">✗ </span>
                <span>Inactivo</span>
              </span>
            )}
          </dd>
          <dt>Nombre</dt>
          <dd>{user.name}</dd>
          <dt>Apellidos</dt>
          <dd>{user.lastName}</dd>
          <dt>Correo electrónico</dt>
          <dd>{user.email}</dd>
          <dt>Rol</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt>Fecha de creación</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
      </div>
    </section>
  )
}
