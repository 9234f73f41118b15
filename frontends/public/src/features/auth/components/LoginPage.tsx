import { Link, useNavigate } from '@donaciones/web-kit/router'
import { loginRequestSchema } from '@donaciones/contracts'
import { useSession, usePublicConfig } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { login } from '../api/auth.ts'
import { SocialButtons } from './SocialButtons.tsx'
import './auth.css'

/** /login: e-mail and password (both required and trimmed), recovery and sign-up links, social buttons. */
export function LoginPage() {
  const config = usePublicConfig()
  const navigate = useNavigate()
  const { register, handleSubmit, formState } = useZodForm(loginRequestSchema, { defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async (credentials) => {
    try {
      const token = await login(credentials)
      useSession.getState().signIn(token)
      // The shell sends a user with a provisional password on to /reset-password.
      navigate('/')
    } catch {
      // The server's message is already shown as a toast; the form stays as it was.
    }
  })

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth__title">Iniciar sesión</h1>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field label="Correo electrónico" error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
          </Field>
          <Field label="Contraseña" error={errors.password?.message}>
            {(control) => <input {...control} {...register('password')} className="kit-input" type="password" autoComplete="current-password" />}
          </Field>
          <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Iniciar sesión</button>
        </form>
        <p className="auth__links"><Link to="/forgot-password">Olvidé mi contraseña</Link></p>
        <p className="auth__links">¿No tiene una cuenta? <Link to="/register">Crear cuenta</Link></p>
        {config && <SocialButtons providers={config.providers} />}
      </section>
    </main>
  )
}
