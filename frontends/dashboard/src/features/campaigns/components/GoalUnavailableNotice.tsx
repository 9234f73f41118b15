import { ROLE_FULL_ADMIN } from '@donaciones/contracts'
import { useSession } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'

const CONFIGURATION_PATH = '/dashboard/configuration/edit'

/**
 * Step 'Opciones' without a goal (spec §5: the goal exists only while the card or the wallet
 * provider is on): says why, and where the payment providers are turned on. Configuración is role
 * 0's; anyone else is told to ask for it.
 */
export function GoalUnavailableNotice() {
  const fullAdmin = useSession((state) => state.user?.role === ROLE_FULL_ADMIN)
  return (
    <div className="campaign-form__wide campaign-form__notice" role="note" aria-labelledby="campaign-goal-notice-title">
      <p id="campaign-goal-notice-title" className="campaign-form__notice-title">La meta no está disponible</p>
      <p>
        Para fijar una meta hace falta un medio de pago activo (Conekta para tarjeta y OXXO, o PayPal), y no hay ninguno. Sin meta, la
        campaña se publica pero no recibe donaciones.{' '}
        {fullAdmin ? (
          <>
            Active un medio de pago en <Link to={CONFIGURATION_PATH}>Configuración</Link>; la meta se puede agregar después, al editar la
            campaña.
          </>
        ) : (
          'Pida al administrador principal que active un medio de pago en Configuración; la meta se puede agregar después, al editar la campaña.'
        )}
      </p>
    </div>
  )
}
