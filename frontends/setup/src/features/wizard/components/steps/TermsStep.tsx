interface TermsStepProps {
  accepted: boolean
  onAcceptedChange: (accepted: boolean) => void
}

/** Step 0: the terms of use of the platform must be accepted before anything else. */
export function TermsStep({ accepted, onAcceptedChange }: TermsStepProps) {
  return (
    <>
      <p>
        Este asistente configura su sitio de donaciones: los datos de la institución, su imagen, las páginas legales, el
        administrador principal, el envío de correos y los servicios de pago e inicio de sesión.
      </p>
      <p>
        Al continuar, usted declara que cuenta con la autorización de la institución para administrar este sitio y que la
        información que capture es verídica.
      </p>
      <label className="setup-switch">
        <input type="checkbox" role="switch" checked={accepted} onChange={(event) => onAcceptedChange(event.target.checked)} />
        <span className="setup-switch__track" aria-hidden="true" />
        <span>He leído y acepto los términos y condiciones</span>
      </label>
    </>
  )
}
