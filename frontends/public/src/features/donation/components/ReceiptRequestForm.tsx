import { useEffect, type RefObject } from 'react'
import { CFDI_USE_DONATIONS, normalizeRfc, receiptRequestSchema, rfcKind, taxRegimesFor, type ReceiptRequestInput } from '@donaciones/contracts'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import type { ReadReceipt } from '../lib/channel-props.ts'

// No regime is chosen at first: the select shows its prompt.
const empty: Partial<ReceiptRequestInput> = { rfc: '', name: '', postalCode: '', email: '' }

type ReceiptField = keyof ReceiptRequestInput

/**
 * The receiver's data of the CFDI, checked with the contracts' rule as the server checks it. A field
 * is checked when the donor leaves it with something written (then on every change while it is
 * wrong); an empty one only when a channel asks for the data: its 'Campo requerido', shown as the
 * donor moves from the field to a pay button, would push that button from under the click, and the
 * payment would never ask for the other fields.
 */
export function ReceiptRequestForm({ reader }: { reader: RefObject<ReadReceipt> }) {
  const { register, handleSubmit, formState, watch, trigger, getFieldState } = useZodForm(receiptRequestSchema, { defaultValues: empty, mode: 'onSubmit' })
  const errors = formState.errors
  const kind = rfcKind(normalizeRfc(watch('rfc') ?? ''))
  const field = (name: ReceiptField) =>
    register(name, {
      onBlur: (event: { target: { value: string } }) => {
        if (event.target.value !== '') void trigger(name)
      },
      onChange: () => {
        if (getFieldState(name).error) void trigger(name)
      },
    })

  useEffect(() => {
    // A channel asks for the data as the donor pays: null (messages shown, first field focused) while any is wrong.
    reader.current = () =>
      new Promise((resolve) => {
        void handleSubmit(
          (values) => resolve(values),
          () => resolve(null),
        )()
      })
  }, [reader, handleSubmit])

  return (
    <div className="donation-receipt__fields">
      <Field label="RFC" error={errors.rfc?.message} hint="12 caracteres (persona moral) o 13 (persona física)">
        {(control) => <input {...control} {...field('rfc')} className="kit-input" autoComplete="off" autoCapitalize="characters" maxLength={16} />}
      </Field>
      <Field label="Nombre o razón social" error={errors.name?.message} hint="Tal como aparece en tu Constancia de Situación Fiscal">
        {(control) => <input {...control} {...field('name')} className="kit-input" autoComplete="name" />}
      </Field>
      <Field label="Régimen fiscal" error={errors.taxRegime?.message}>
        {(control) => (
          <select {...control} {...field('taxRegime')} className="kit-input">
            <option value="">Selecciona tu régimen fiscal</option>
            {taxRegimesFor(kind).map((regime) => (
              <option key={regime.code} value={regime.code}>{regime.code} - {regime.description}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Código postal" error={errors.postalCode?.message} hint="El de tu domicilio fiscal">
        {(control) => <input {...control} {...field('postalCode')} className="kit-input" inputMode="numeric" autoComplete="postal-code" maxLength={5} />}
      </Field>
      <Field label="Correo electrónico para el recibo" error={errors.email?.message}>
        {(control) => <input {...control} {...field('email')} className="kit-input" type="email" autoComplete="email" />}
      </Field>
      <p className="donation-card__max">Uso del CFDI: {CFDI_USE_DONATIONS} Donativos</p>
    </div>
  )
}
