import { TextField } from '../fields/TextField.tsx'
import { WizardConnectionCheck } from '../fields/WizardConnectionCheck.tsx'

/** Step 8: the SMTP account the site sends its e-mails with. */
export function MailStep() {
  return (
    <>
      <p>Cuenta de correo (SMTP) con la que el sitio envía contraseñas provisionales, recuperaciones y comprobantes.</p>
      <TextField name="mailer.auth.user" label="Usuario del correo" autoComplete="off" />
      <TextField name="mailer.auth.pass" label="Contraseña del correo" type="password" autoComplete="new-password" />
      <TextField name="mailer.host" label="Servidor (host)" autoComplete="off" />
      <TextField name="mailer.port" label="Puerto" type="number" autoComplete="off" />
      <WizardConnectionCheck service="mail" />
    </>
  )
}
