import { CONTACT_ADDRESS_MAX, CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX, SITE_NAME_MAX, THANK_YOU_MESSAGE_MAX } from '@donaciones/contracts'
import { TextField } from '../fields/TextField.tsx'

/** Step 2: the institution's name, contact data and the default thank-you message for donors. */
export function InstitutionStep() {
  return (
    <>
      <TextField name="settings.name" label="Nombre de la institución" max={SITE_NAME_MAX} autoComplete="organization" />
      <TextField name="contact.address" label="Dirección" max={CONTACT_ADDRESS_MAX} autoComplete="street-address" />
      <TextField name="contact.phone" label="Teléfono de contacto" type="tel" max={CONTACT_PHONE_MAX} autoComplete="tel" />
      <TextField name="contact.email" label="Correo electrónico de contacto" type="email" max={CONTACT_EMAIL_MAX} autoComplete="email" />
      <TextField
        name="settings.gratitudeMessage"
        label="Mensaje de agradecimiento para los donadores"
        max={THANK_YOU_MESSAGE_MAX}
        multiline
        hint="Se muestra a quien dona cuando la campaña no tiene uno propio."
      />
    </>
  )
}
