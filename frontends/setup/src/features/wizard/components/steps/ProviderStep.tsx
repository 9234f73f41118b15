import { TextField } from '../fields/TextField.tsx'
import { WizardConnectionCheck } from '../fields/WizardConnectionCheck.tsx'
import type { WizardProvider } from '../../lib/wizard-form.ts'

const TEXTS: Record<WizardProvider, { intro: string; client: string; secret: string }> = {
  conekta: {
    intro: 'Permite recibir donaciones con tarjeta y en efectivo mediante Conekta.',
    client: 'Llave pública de Conekta',
    secret: 'Llave privada de Conekta',
  },
  paypal: {
    intro: 'Permite recibir donaciones con PayPal.',
    client: 'Client ID de PayPal',
    secret: 'Secreto de PayPal',
  },
  facebook: {
    intro: 'Permite a los donadores iniciar sesión con su cuenta de Facebook.',
    client: 'App ID de Facebook',
    secret: 'Secreto de la app de Facebook',
  },
  google: {
    intro: 'Permite a los donadores iniciar sesión con su cuenta de Google.',
    client: 'Client ID de Google',
    secret: 'Secreto de cliente de Google',
  },
  twitter: {
    intro: 'Permite a los donadores iniciar sesión con su cuenta de Twitter.',
    client: 'API key de Twitter',
    secret: 'API secret de Twitter',
  },
}

/** Steps 9 to 13: the keys of one optional provider. */
export function ProviderStep({ provider }: { provider: WizardProvider }) {
  const text = TEXTS[provider]
  return (
    <>
      <p>{text.intro}</p>
      <p className="setup-note">
        Este paso es opcional: si lo omite, el servicio queda desactivado y sus botones no aparecen. Podrá activarlo después en
        la pantalla de configuración.
      </p>
      <TextField key={`${provider}-client`} name={`keys.${provider}.client`} label={text.client} autoComplete="off" />
      <TextField key={`${provider}-secret`} name={`keys.${provider}.secret`} label={text.secret} type="password" autoComplete="new-password" />
      {(provider === 'conekta' || provider === 'paypal') && <WizardConnectionCheck key={`${provider}-check`} service={provider} />}
    </>
  )
}
