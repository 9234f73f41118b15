import { useState } from 'react'
import { Link, useSearchParams } from '@donaciones/web-kit/router'
import { EMAIL_VERIFIED_TEXT, EMAIL_VERIFIED_TITLE, verifyEmailRequestSchema } from '@donaciones/contracts'
import { ApiError } from '@donaciones/web-kit'
import { applyServerErrors, Field, useZodForm } from '@donaciones/web-kit/forms'
import { verifyEmail } from '../api/auth.ts'
import './auth.css'

const invalidLink = (
  <div role="alert">
    <p>El enlace de verificación no es válido o está incompleto.</p>
    <p className="auth__links"><Link to="/register">Crear cuenta</Link> · <Link to="/login">Iniciar sesión</Link></p>
  </div>
)

/**
 * /verify-email?email=..&token=..: the link of the sign-up e-mail, with the password chosen in that
 * sign-up, activates the account (only the person who registered and holds the mailbox can).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="auth__title">Verificar correo</h1>
        {email && token ? <VerifyForm email={email} token={token} /> : invalidLink}
      </section>
    </main>
  )
}

type Outcome = { kind: 'verified' } | { kind: 'refused'; message: string; description: string }

function VerifyForm({ email, token }: { email: string; token: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [problem, setProblem] = useState<ApiError | null>(null)
  const { register, handleSubmit, formState, setError } = useZodForm(verifyEmailRequestSchema, { defaultValues: { email, token, password: '' } })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async (request) => {
    setProblem(null)
    try {
      await verifyEmail(request)
      setOutcome({ kind: 'verified' })
    } catch (error) {
      if (applyServerErrors(error, setError, (path) => path === 'password').length > 0) return
      const failure = error instanceof ApiError ? error : new ApiError(0, 'Ocurrió un error', 'Intente de nuevo más tarde')
      // An unknown, used or expired link: the form can do nothing more with it.
      if (failure.status === 422) setOutcome({ kind: 'refused', message: failure.message, description: failure.description })
      else setProblem(failure)
    }
  })

  if (outcome?.kind === 'verified') {
    return (
      <div role="status">
        <p className="auth__note">{EMAIL_VERIFIED_TITLE}</p>
        <p>{EMAIL_VERIFIED_TEXT}.</p>
        <Link className="kit-button auth__submit" to="/login">Iniciar sesión</Link>
      </div>
    )
  }
  if (outcome?.kind === 'refused') {
    return (
      <div role="alert">
        <p><strong>{outcome.message}</strong></p>
        <p>{outcome.description}</p>
        <p className="auth__links"><Link to="/register">Crear cuenta</Link> · <Link to="/login">Iniciar sesión</Link></p>
      </div>
    )
  }
  if (errors.email || errors.token) return invalidLink
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>Para activar la cuenta <strong className="auth__email">{email}</strong>, escriba la contraseña que eligió al registrarse.</p>
      <Field label="Contraseña" error={errors.password?.message}>
        {(control) => <input {...control} {...register('password')} className="kit-input" type="password" autoComplete="current-password" />}
      </Field>
      {problem && (
        <p className="kit-field__error" role="alert">
          <strong>{problem.message}</strong>. {problem.description}
        </p>
      )}
      <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Activar cuenta</button>
    </form>
  )
}
