import { Link, useSearchParams } from '@donaciones/web-kit/router'
import { EMAIL_VERIFIED_TEXT, EMAIL_VERIFIED_TITLE } from '@donaciones/contracts'
import { Loading, useQuery } from '@donaciones/web-kit'
import { verifyEmail } from '../api/auth.ts'
import './auth.css'

/** One request per link and page life: the token works once, so a second render must not spend it again. */
const verifications = new Map<string, Promise<void>>()

function verifyOnce(email: string, token: string): Promise<void> {
  const key = `${email}\n${token}`
  let verification = verifications.get(key)
  if (!verification) {
    verification = verifyEmail({ email, token })
    verifications.set(key, verification)
  }
  return verification
}

/** /verify-email?email=..&token=..: the link of the sign-up e-mail activates the account. */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  const { state } = useQuery(email && token ? `verify-email:${email}\n${token}` : null, () => verifyOnce(email, token))

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="auth__title">Verificar correo</h1>
        {state.status === 'loading' && <Loading />}
        {state.status === 'success' && (
          <div role="status">
            <p className="auth__note">{EMAIL_VERIFIED_TITLE}</p>
            <p>{EMAIL_VERIFIED_TEXT}.</p>
            <Link className="kit-button auth__submit" to="/login">Iniciar sesión</Link>
          </div>
        )}
        {state.status === 'error' && (
          <div role="alert">
            <p><strong>{state.error.message}</strong></p>
            <p>{state.error.description}</p>
            <p className="auth__links"><Link to="/register">Crear cuenta</Link> · <Link to="/login">Iniciar sesión</Link></p>
          </div>
        )}
        {state.status === 'idle' && (
          <div role="alert">
            <p>El enlace de verificación no es válido o está incompleto.</p>
            <p className="auth__links"><Link to="/register">Crear cuenta</Link> · <Link to="/login">Iniciar sesión</Link></p>
          </div>
        )}
      </section>
    </main>
  )
}
