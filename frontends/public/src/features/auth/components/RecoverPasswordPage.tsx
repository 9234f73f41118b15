import { Link, useNavigate, useSearchParams } from '@donaciones/web-kit/router'
import { PASSWORD_UPDATED_TEXT, PASSWORD_UPDATED_TITLE, recoverPasswordFormSchema } from '@donaciones/contracts'
import { showAlert } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { recoverPassword } from '../api/auth.ts'
import './auth.css'

/** /recover-password?email=..&token=..: the link of the recovery e-mail sets a new password. */
export function RecoverPasswordPage() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="recover-title">
        <h1 id="recover-title" className="auth__title">Restablecer contraseña</h1>
        {email && token ? (
          <RecoverForm email={email} token={token} />
        ) : (
          <div role="alert">
            <p>El enlace de recuperación no es válido o está incompleto.</p>
            <Link className="kit-button" to="/forgot-password">Solicitar otro enlace</Link>
          </div>
        )}
      </section>
    </main>
  )
}

function RecoverForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate()
  const { register, handleSubmit, formState } = useZodForm(recoverPasswordFormSchema, {
    defaultValues: { email, token, password: '', confirmation: '' },
  })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async ({ password }) => {
    try {
      await recoverPassword({ password, email, token })
      await showAlert(PASSWORD_UPDATED_TITLE, PASSWORD_UPDATED_TEXT, 'success')
      navigate('/login')
    } catch {
      // The server's message (an expired or used link) is already shown as a toast.
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>Cuenta: <strong>{email}</strong></p>
      <Field label="Nueva contraseña" error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} className="kit-input" type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Confirmar contraseña" error={errors.confirmation?.message}>
        {(control) => <input {...control} {...register('confirmation')} className="kit-input" type="password" autoComplete="new-password" />}
      </Field>
      {(errors.email || errors.token) && <p className="kit-field__error" role="alert">El enlace de recuperación no es válido.</p>}
      <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Guardar contraseña</button>
    </form>
  )
}
