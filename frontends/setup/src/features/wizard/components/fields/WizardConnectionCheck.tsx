import { useFormContext, useWatch, type DeepPartialSkipArrayKey } from 'react-hook-form'
import { typedConnectionTestRequestSchema, type TypedConnectionTestInput, type TypedConnectionTestRequest } from '@donaciones/contracts'
import { ConnectionCheck } from '@donaciones/web-kit'
import { testTypedConnection } from '../../api/connection-test.ts'
import type { WizardValues } from '../../lib/wizard-form.ts'

type TestedService = TypedConnectionTestRequest['service']

const NAMES: Record<TestedService, string> = { conekta: 'Conekta', paypal: 'PayPal', mail: 'el servidor de correo' }

/** The label of the wizard field each value of the request comes from. */
const LABELS: Record<TestedService, Record<string, string>> = {
  conekta: { privateKey: 'Llave privada de Conekta' },
  paypal: { clientId: 'Client ID de PayPal', secret: 'Secreto de PayPal' },
  mail: { host: 'Servidor (host)', port: 'Puerto', user: 'Usuario del correo', pass: 'Contraseña del correo' },
}

function requestOf(service: TestedService, values: DeepPartialSkipArrayKey<WizardValues>): TypedConnectionTestInput {
  switch (service) {
    case 'conekta':
      return { service, privateKey: values.keys?.conekta?.secret ?? '' }
    case 'paypal':
      return { service, clientId: values.keys?.paypal?.client ?? '', secret: values.keys?.paypal?.secret ?? '' }
    case 'mail':
      return { service, host: values.mailer?.host ?? '', port: values.mailer?.port ?? Number.NaN, user: values.mailer?.auth?.user ?? '', pass: values.mailer?.auth?.pass ?? '' }
  }
}

/**
 * 'Probar conexión' in a wizard step: the keys typed in the form go to our server, which makes the
 * call (never the browser to the provider). Until the step holds what the test needs, the button
 * is off and says which fields are missing.
 */
export function WizardConnectionCheck({ service }: { service: TestedService }) {
  const { control } = useFormContext<WizardValues>()
  const values = useWatch({ control })
  const parsed = typedConnectionTestRequestSchema.safeParse(requestOf(service, values))
  const missing = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => LABELS[service][String(issue.path[0])] ?? String(issue.path[0])))]
  const unavailable = missing.length > 0 ? `Para probar la conexión, complete: ${missing.join(', ')}.` : undefined
  const run = async () => (parsed.success ? testTypedConnection(parsed.data) : null)
  const what = service === 'mail' ? 'el servidor de correo acepta estos datos (no se envía ningún correo)' : `${NAMES[service]} acepta estas llaves (no se cobra nada)`
  return (
    <>
      <p className="setup-note">Puede comprobar ahora que {what}.</p>
      <ConnectionCheck service={NAMES[service]} unavailable={unavailable} run={run} />
    </>
  )
}
