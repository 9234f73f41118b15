import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field } from '@donaciones/web-kit/forms'
import type { CardFieldValues } from '../lib/card-token.ts'

type CardFieldName = keyof CardFieldValues

/** Any form holding the card fields (with more of its own or not) passes its `register` and errors. */
interface CardFieldsProps {
  register: (name: CardFieldName) => UseFormRegisterReturn
  errors: Partial<Record<CardFieldName, { message?: string | undefined }>>
}

/** The card's number, holder, expiry and CVC, as every card form asks them (they go to the tokenizer only). */
export function CardFields({ register, errors }: CardFieldsProps) {
  return (
    <>
      <Field label="Número de tarjeta" error={errors.number?.message}>
        {(control) => <input {...control} {...register('number')} className="kit-input" inputMode="numeric" autoComplete="cc-number" maxLength={22} />}
      </Field>
      <Field label="Nombre del titular" error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="cc-name" />}
      </Field>
      <div className="donation-form__row">
        <Field label="Vencimiento (MM/AA)" error={errors.expiry?.message}>
          {(control) => <input {...control} {...register('expiry')} className="kit-input" placeholder="MM/AA" autoComplete="cc-exp" inputMode="numeric" maxLength={5} />}
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          {(control) => <input {...control} {...register('cvc')} className="kit-input" autoComplete="cc-csc" inputMode="numeric" maxLength={4} />}
        </Field>
      </div>
    </>
  )
}
