import { useEffect, useMemo, useState } from 'react'
import {
  CONTACT_ADDRESS_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE_MAX,
  DONATARIA_AUTHORIZATION_NUMBER_MAX,
  MISSION_MAX,
  RECORD_UPDATED,
  SITE_NAME_MAX,
  THANK_YOU_MESSAGE_MAX,
  type ConfigurationAdminView,
  type ConfigurationInput,
  type SocialProvider,
} from '@donaciones/contracts'
import { askJustification, notify, useSiteConfig } from '@donaciones/web-kit'
import { applyServerErrors, useZodForm } from '@donaciones/web-kit/forms'
import { useWatch } from 'react-hook-form'
import { changed } from '../../../lib/record-actions.ts'
import { updateConfiguration } from '../api/configuration-api.ts'
import { CollapsibleSection } from './CollapsibleSection.tsx'
import { ImageField, SecretField, SwitchField, TextField, type ConfigurationForm as Form } from './ConfigurationFields.tsx'
import { StoredConnectionCheck } from './StoredConnectionCheck.tsx'
import {
  configurationFormSchema,
  errorPaths,
  formValuesOf,
  payloadOf,
  SECTIONS,
  sectionOf,
  type SectionId,
} from '../lib/configuration-form.ts'

const SOCIAL: readonly { provider: SocialProvider; title: string; client: string; secret: string }[] = [
  { provider: 'facebook', title: 'Facebook', client: 'App ID de Facebook', secret: 'Secreto de la app de Facebook' },
  { provider: 'twitter', title: 'Twitter', client: 'API key de Twitter', secret: 'API secret de Twitter' },
  { provider: 'google', title: 'Google', client: 'Client ID de Google', secret: 'Secreto de cliente de Google' },
]

interface ConfigurationFormProps {
  view: ConfigurationAdminView
  /** The configuration as the server saved it. */
  onSaved: (view: ConfigurationAdminView) => void
  /** Open sections, kept by the page so a save (which mounts a fresh form) leaves them as they were. */
  open: ReadonlySet<SectionId>
  onOpenChange: (update: (current: ReadonlySet<SectionId>) => ReadonlySet<SectionId>) => void
}

/** The configuration form (spec §2.5): collapsible sections, 'Guardar cambios' with a justification. */
export function ConfigurationForm({ view, onSaved, open, onOpenChange: setOpen }: ConfigurationFormProps) {
  const schema = useMemo(() => configurationFormSchema(view), [view])
  const defaultValues = useMemo(() => formValuesOf(view), [view])
  const form: Form = useZodForm(schema, { defaultValues })
  const { formState, handleSubmit, reset, setError, trigger } = form
  // Image previews; 'Descartar cambios' brings the stored images back.
  const [logoPreview, setLogoPreview] = useState<string | null>(view.settings.logo?.path ?? null)
  const [imagePreview, setImagePreview] = useState<string | null>(view.home.image?.path ?? null)

  // Stored values the current rules refuse (a wizard mission over 500, say) show their message at once.
  useEffect(() => {
    void trigger().then((valid) => {
      if (!valid) openSections(errorPaths(form.formState.errors))
    })
  }, []) // once: the page mounts a new form for every configuration the server answers

  const invalidSections = new Set(errorPaths(formState.errors).map(sectionOf))

  function openSections(paths: readonly string[]) {
    const sections = paths.map(sectionOf).filter((section): section is SectionId => section !== null)
    if (sections.length > 0) setOpen((current) => new Set([...current, ...sections]))
  }

  const toggle = (section: SectionId) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(section)) next.delete(section)
      else next.add(section)
      return next
    })

  const save = async (values: ConfigurationInput) => {
    const description = await askJustification()
    if (description === null) return
    try {
      const saved = await updateConfiguration(payloadOf(values), description)
      changed('/configuration')
      notify.success(RECORD_UPDATED)
      onSaved(saved)
      void useSiteConfig.getState().load()
    } catch (error) {
      openSections(applyServerErrors(error, setError, (path) => sectionOf(path) !== null))
    }
  }

  const section = (id: SectionId) => {
    const title = SECTIONS.find((candidate) => candidate.id === id)?.title ?? id
    return { title, open: open.has(id), onToggle: () => toggle(id), invalid: invalidSections.has(id) }
  }

  // Validity from the current values with the same schema (react-hook-form's isValid can lag behind a switch's change).
  const values = useWatch({ control: form.control })
  const valid = useMemo(() => schema.safeParse(values).success, [schema, values])
  const disabled = !formState.isDirty || !valid || formState.isSubmitting
  // 'Probar conexión' tries what is stored: a section typed over is saved first.
  const differs = (current: unknown, stored: unknown) => JSON.stringify(current) !== JSON.stringify(stored)
  const sectionChanged = {
    mail: differs(values.mailer, defaultValues.mailer),
    paypal: differs(values.keys?.paypal, defaultValues.keys?.paypal),
    conekta: differs(values.keys?.conekta, defaultValues.keys?.conekta),
  }

  return (
    <form className="config-form" noValidate onSubmit={(event) => void handleSubmit(save, (errors) => openSections(errorPaths(errors)))(event)}>
      <CollapsibleSection {...section('general')}>
        <TextField form={form} name="settings.name" label="Nombre de la institución" max={SITE_NAME_MAX} />
        <ImageField form={form} name="settings.logo" label="Logotipo" preview={logoPreview} onPreview={setLogoPreview} />
        <TextField
          form={form}
          name="settings.gratitudeMessage"
          label="Mensaje de agradecimiento"
          max={THANK_YOU_MESSAGE_MAX}
          multiline
          hint="Se muestra a quien dona cuando la campaña no tiene un mensaje propio."
        />
      </CollapsibleSection>

      <CollapsibleSection {...section('home')}>
        <TextField form={form} name="home.content" label="Texto de la misión" max={MISSION_MAX} multiline />
        <ImageField form={form} name="home.image" label="Imagen lateral" preview={imagePreview} onPreview={setImagePreview} />
        <SwitchField form={form} name="home.showCounters" label="Mostrar los contadores de donaciones, donadores y visitas en la página de inicio" />
      </CollapsibleSection>

      <CollapsibleSection {...section('donations')}>
        <TextField
          form={form}
          name="donations.maxAmount"
          label="Cantidad máxima por donación (MXN)"
          type="number"
          step="0.01"
          hint="Ninguna donación con tarjeta, OXXO o PayPal puede superar esta cantidad. Hasta dos decimales."
        />
      </CollapsibleSection>

      <CollapsibleSection {...section('donataria')}>
        <p className="config-note">
          Encendido, los formularios de donación ofrecen «Quiero recibo deducible» y el comprobante de cada donativo muestra el RFC y la autorización.
        </p>
        <SwitchField
          form={form}
          name="donataria.enabled"
          deps={['donataria.rfc', 'donataria.authorizationNumber', 'donataria.authorizationDate']}
          label="Somos donataria autorizada por el SAT"
        />
        <TextField form={form} name="donataria.rfc" label="RFC de la institución" hint="12 caracteres (persona moral) o 13 (persona física), como en la Constancia de Situación Fiscal." autoComplete="off" />
        <TextField
          form={form}
          name="donataria.authorizationNumber"
          label="Número de autorización"
          max={DONATARIA_AUTHORIZATION_NUMBER_MAX}
          hint="El número del oficio con el que el SAT autorizó recibir donativos deducibles."
          autoComplete="off"
        />
        <TextField form={form} name="donataria.authorizationDate" label="Fecha de autorización" type="date" hint="La fecha en que la autorización se publicó en el Diario Oficial de la Federación." />
      </CollapsibleSection>

      <CollapsibleSection {...section('contact')}>
        <TextField form={form} name="contact.email" label="Correo electrónico de contacto" type="email" max={CONTACT_EMAIL_MAX} autoComplete="off" />
        <TextField form={form} name="contact.phone" label="Teléfono de contacto" type="tel" max={CONTACT_PHONE_MAX} autoComplete="off" />
        <TextField form={form} name="contact.address" label="Dirección" max={CONTACT_ADDRESS_MAX} autoComplete="off" />
      </CollapsibleSection>

      <CollapsibleSection {...section('mailer')}>
        <p className="config-note">Necesario para enviar correos a los usuarios desde la plataforma</p>
        <TextField form={form} name="mailer.auth.user" label="Usuario del correo" autoComplete="off" />
        <SecretField form={form} name="mailer.auth.pass" label="Contraseña del correo" stored={view.mailer.auth.hasPass} />
        <TextField form={form} name="mailer.host" label="Servidor (host)" autoComplete="off" />
        <TextField form={form} name="mailer.port" label="Puerto" type="number" />
        <StoredConnectionCheck service="mail" stored={view.mailer.host !== ''} changed={sectionChanged.mail} />
      </CollapsibleSection>

      <CollapsibleSection {...section('urls')}>
        <TextField form={form} name="urls.facebook" label="Facebook" type="url" hint="Dirección completa, por ejemplo https://facebook.com/mi-fundacion" />
        <TextField form={form} name="urls.twitter" label="Twitter" type="url" />
        <TextField form={form} name="urls.instagram" label="Instagram" type="url" />
      </CollapsibleSection>

      <CollapsibleSection {...section('social')}>
        <p className="config-note">Permiten a los donadores iniciar sesión con sus redes sociales. Apagado, el botón del proveedor no aparece.</p>
        {SOCIAL.map((item) => (
          <fieldset key={item.provider} className="config-fieldset">
            <legend>{item.title}</legend>
            <SwitchField form={form} name={`providers.${item.provider}`} deps={[`keys.${item.provider}.client`, `keys.${item.provider}.secret`]} label={`Permitir iniciar sesión con ${item.title}`} />
            <TextField form={form} name={`keys.${item.provider}.client`} label={item.client} autoComplete="off" />
            <SecretField form={form} name={`keys.${item.provider}.secret`} label={item.secret} stored={view.keys[item.provider].hasSecret} />
          </fieldset>
        ))}
      </CollapsibleSection>

      <CollapsibleSection {...section('paypal')}>
        <SwitchField form={form} name="providers.paypal" deps={['keys.paypal.client', 'keys.paypal.secret']} label="Recibir donaciones con PayPal" />
        <TextField form={form} name="keys.paypal.client" label="Client ID de PayPal" autoComplete="off" />
        <SecretField form={form} name="keys.paypal.secret" label="Secreto de PayPal" stored={view.keys.paypal.hasSecret} />
        <StoredConnectionCheck service="paypal" stored={view.keys.paypal.hasSecret && view.keys.paypal.client !== ''} changed={sectionChanged.paypal} />
      </CollapsibleSection>

      <CollapsibleSection {...section('conekta')}>
        <SwitchField form={form} name="providers.conekta" deps={['keys.conekta.client', 'keys.conekta.secret']} label="Recibir donaciones con tarjeta y en efectivo (Conekta)" />
        <TextField form={form} name="keys.conekta.client" label="Llave pública de Conekta" autoComplete="off" />
        <SecretField form={form} name="keys.conekta.secret" label="Llave privada de Conekta" stored={view.keys.conekta.hasSecret} />
        <StoredConnectionCheck service="conekta" stored={view.keys.conekta.hasSecret} changed={sectionChanged.conekta} />
      </CollapsibleSection>

      <div className="kit-actions config-form__actions">
        <button type="button" className="kit-button kit-button--secondary" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => {
            reset(defaultValues)
            setLogoPreview(view.settings.logo?.path ?? null)
            setImagePreview(view.home.image?.path ?? null)
          }}>
          Descartar cambios
        </button>
        <button type="submit" className="kit-button" disabled={disabled}>
          {formState.isSubmitting ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  )
}
