import { useState } from 'react'
import { Link } from '@donaciones/web-kit/router'
import { REGISTRATION_SENT_TEXT, REGISTRATION_SENT_TITLE, registerFormSchema } from '@donaciones/contracts'
import { showAlert } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { register as registerAccount } from '../api/auth.ts'
import './auth.css'

const emptyForm = { name: '', lastName: '', email: '', password: '', confirmation: '' }

/** /register: a visitor opens a user account (role 2) to comment; the mailed link activates it. */
export function RegisterPage() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { register, handleSubmit, formState, reset } = useZodForm(registerFormSchema, { defaultValues: emptyForm })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async ({ name, lastName, email, password }) => {
    const request = { name, lastName, email, password }
    try {
      await registerAccount(request)
      reset(emptyForm)
      setSentTo(request.email)
      await showAlert(REGISTRATION_SENT_TITLE, REGISTRATION_SENT_TEXT, 'success')
    } catch {
      // The server's message (a field, too many attempts) is already shown as a toast.
    }
  })

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="register-title">
        <h1 id="register-title" className="auth__title">Crear cuenta</h1>
        <p>Con una cuenta de usuario puede comentar en las campañas.</p>
        {sentTo && (
          <p className="auth__note" role="status">
            Le enviamos un correo a {sentTo} con el enlace para activar su cuenta.
          </p>
        )}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <div className="auth__row">
            <Field label="Nombre" error={errors.name?.message}>
              {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="given-name" />}
            </Field>
            <Field label="Apellido" error={errors.lastName?.message}>
              {(control) => <input {...control} {...register('lastName')} className="kit-input" autoComplete="family-name" />}
            </Field>
          </div>
          <Field label="Correo electrónico" error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
          </Field>
          <Field label="Contraseña" error={errors.password?.message} hint="Al menos 8 caracteres, con minúsculas, mayúsculas, números o símbolos.">
            {(control) => <input {...control} {...register('password')} className="kit-input" type="password" autoComplete="new-password" />}
          </Field>
          <Field label="Confirmar contraseña" error={errors.confirmation?.message}>
            {(control) => <input {...control} {...register('confirmation')} className="kit-input" type="password" autoComplete="new-password" />}
          </Field>
          <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Crear cuenta</button>
        </form>
        <p className="auth__links">¿Ya tiene una cuenta? <Link to="/login">Iniciar sesión</Link></p>
      </section>
    </main>
  )
}
