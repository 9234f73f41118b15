import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { Field, useSession, usePublicConfig } from '@donaciones/web-kit'
import { login } from '../api/auth.ts'
import { checkLogin, type LoginErrors, type LoginValues } from '../lib/login-check.ts'
import { SocialButtons } from './SocialButtons.tsx'
import './auth.css'

type Name = keyof LoginValues
const NAMES: Name[] = ['email', 'password']

/**
 * /login: e-mail and password (both required and trimmed), recovery and sign-up links, social buttons.
 * Two fields with a hand-written check instead of react-hook-form and zod (about 38 KB of the
 * page's JavaScript); it behaves as the other forms: a field is checked when it is left, then on
 * every change, and on submit every field is checked and the first wrong one gets the focus.
 */
export function LoginPage() {
  const config = usePublicConfig()
  const navigate = useNavigate()
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' })
  const [errors, setErrors] = useState<LoginErrors>({})
  const [watched, setWatched] = useState<Partial<Record<Name, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [isSubmitting, setSubmitting] = useState(false)
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({})

  const recheck = (name: Name, next: LoginValues) => {
    const message = checkLogin(next).errors[name]
    setErrors((current) => {
      const { [name]: _dropped, ...others } = current
      return message ? { ...others, [name]: message } : others
    })
  }

  const control = (name: Name) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element
    },
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (watched[name] || submitted) recheck(name, next)
    },
    onBlur: () => {
      setWatched((current) => ({ ...current, [name]: true }))
      recheck(name, values)
    },
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isSubmitting) return
    setSubmitted(true)
    const checked = checkLogin(values)
    setErrors(checked.errors)
    if (!checked.data) {
      const first = NAMES.find((name) => checked.errors[name])
      if (first) inputs.current[first]?.focus()
      return
    }
    setSubmitting(true)
    try {
      const token = await login(checked.data)
      useSession.getState().signIn(token)
      // The shell sends a user with a provisional password on to /reset-password.
      navigate('/')
    } catch {
      // The server's message is already shown as a toast; the form stays as it was.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth__title">Iniciar sesión</h1>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field label="Correo electrónico" error={errors.email}>
            {(field) => <input {...field} {...control('email')} className="kit-input" type="email" autoComplete="email" />}
          </Field>
          <Field label="Contraseña" error={errors.password}>
            {(field) => <input {...field} {...control('password')} className="kit-input" type="password" autoComplete="current-password" />}
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
