import { useNavigate } from '@donaciones/web-kit/router'
import { PASSWORD_UPDATED_TEXT, PASSWORD_UPDATED_TITLE, resetPasswordFormSchema } from '@donaciones/contracts'
import { showAlert, useSession } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { resetPassword } from '../api/auth.ts'
import './auth.css'

/** /reset-password: a user with a provisional password must choose a new one (spec §4). */
export function ResetPasswordPage() {
  const navigate = useNavigate()
  const { register, handleSubmit, formState } = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: '', newPassword: '', confirmation: '' },
  })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async ({ password, newPassword }) => {
    try {
      await resetPassword({ password, newPassword })
      await showAlert(PASSWORD_UPDATED_TITLE, PASSWORD_UPDATED_TEXT, 'success')
      // The new password ended every session of the account on the server.
      useSession.getState().endLocalSession()
      navigate('/login')
    } catch {
      // The server's message is already shown as a toast.
    }
  })

  return (
    <main className="auth">
      <section className="auth__card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth__title">Cambiar contraseña</h1>
        <p>Por seguridad, reemplace su contraseña provisional antes de continuar.</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field label="Contraseña actual o provisional" error={errors.password?.message}>
            {(control) => <input {...control} {...register('password')} className="kit-input" type="password" autoComplete="current-password" />}
          </Field>
          <Field label="Nueva contraseña" error={errors.newPassword?.message}>
            {(control) => <input {...control} {...register('newPassword')} className="kit-input" type="password" autoComplete="new-password" />}
          </Field>
          <Field label="Confirmar contraseña" error={errors.confirmation?.message}>
            {(control) => <input {...control} {...register('confirmation')} className="kit-input" type="password" autoComplete="new-password" />}
          </Field>
          <button type="submit" className="kit-button auth__submit" disabled={isSubmitting}>Guardar contraseña</button>
        </form>
      </section>
    </main>
  )
}
