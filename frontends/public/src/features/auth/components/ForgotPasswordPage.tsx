import { useState } from 'react'
import { Link } from '@donaciones/web-kit/router'
import { EMAIL_SENT_TEXT, EMAIL_SENT_TITLE, requestRecoverPasswordSchema } from '@donaciones/contracts'
import { showAlert } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { requestRecovery } from '../api/auth.ts'
import './auth.css'

/** /forgot-password: asks for the address the recovery link is sent to. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false)
  const { register, handleSubmit, formState, reset } = useZodForm(requestRecoverPasswordSchema, { defaultValues: { email: '' } })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async ({ email }) => {
    try {
      await requestRecovery(email)
      reset()
      setSent(true)
      await showAlert(EMAIL_SENT_TITLE, EMAIL_SENT_TEXT, 'success')
    } catch {
      // The server's message is already shown as a toast.
    }
  })

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth__title">Recuperar contraseña</h1>
        <p>Escriba el correo electrónico de su cuenta y le enviaremos un enlace para elegir una nueva contraseña.</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field label="Correo electrónico" error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
          </Field>
          <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Enviar enlace</button>
        </form>
        {sent && <p className="auth__note" role="status">{EMAIL_SENT_TITLE}. {EMAIL_SENT_TEXT}.</p>}
        <p className="auth__links"><Link to="/login">Volver a iniciar sesión</Link></p>
      </section>
    </main>
  )
}
