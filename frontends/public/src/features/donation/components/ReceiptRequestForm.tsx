import { useEffect, type RefObject } from 'react'
import { CFDI_USE_DONATIONS, normalizeRfc, receiptRequestSchema, rfcKind, taxRegimesFor, type ReceiptRequestInput } from '@donaciones/contracts'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import type { ReadReceipt } from '../lib/channel-props.ts'

// No regime is chosen at first: the select shows its prompt.
const empty: Partial<ReceiptRequestInput> = { rfc: '', name: '', postalCode: '', email: '' }

/** The receiver's data of the CFDI, checked with the contracts' rule as the server checks it. */
export function ReceiptRequestForm({ reader }: { reader: RefObject<ReadReceipt> }) {
  const { register, handleSubmit, formState, watch } = useZodForm(receiptRequestSchema, { defaultValues: empty })
  const errors = formState.errors
  const kind = rfcKind(normalizeRfc(watch('rfc') ?? ''))

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
        {(control) => <input {...control} {...register('rfc')} className="kit-input" autoComplete="off" autoCapitalize="characters" maxLength={16} />}
      </Field>
      <Field label="Nombre o razón social" error={errors.name?.message} hint="Tal como aparece en tu Constancia de Situación Fiscal">
        {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="name" />}
      </Field>
      <Field label="Régimen fiscal" error={errors.taxRegime?.message}>
        {(control) => (
          <select {...control} {...register('taxRegime')} className="kit-input">
            <option value="">Selecciona tu régimen fiscal</option>
            {taxRegimesFor(kind).map((regime) => (
              <option key={regime.code} value={regime.code}>{regime.code} - {regime.description}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Código postal" error={errors.postalCode?.message} hint="El de tu domicilio fiscal">
        {(control) => <input {...control} {...register('postalCode')} className="kit-input" inputMode="numeric" autoComplete="postal-code" maxLength={5} />}
      </Field>
      <Field label="Correo electrónico para el recibo" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
      </Field>
      <p className="donation-card__max">Uso del CFDI: {CFDI_USE_DONATIONS} Donativos</p>
    </div>
  )
}
