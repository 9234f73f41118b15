import { CARD_TOKEN_ERROR_TEXT, CARD_TOKEN_ERROR_TITLE, cardFormSchema, splitCardExpiry, type CardForm as CardFormValues, type ReceiptRequest } from '@donaciones/contracts'
import { showAlert, useSession } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { createCardToken } from '../api/conekta-tokenizer.ts'
import { donateByCard } from '../api/donation-api.ts'
import type { WallChoice } from '../lib/channel-props.ts'
import { showPaymentFailure } from '../lib/donation-failure.ts'

interface CardFormProps {
  campaignId: string
  amount: number
  user: string | null
  wall: WallChoice
  receipt: ReceiptRequest | undefined
  tokenizerUrl: string
  publicKey: string
  onDone: (donorName: string) => void
}

/** Card data goes to the provider's tokenizer only; our server receives the token. */
export function CardForm({ campaignId, amount, user, wall, receipt, tokenizerUrl, publicKey, onDone }: CardFormProps) {
  const sessionUser = useSession((state) => state.user)
  const empty: CardFormValues = { number: '', name: '', expiry: '', cvc: '', email: sessionUser?.email ?? '', phone: '' }
  const { register, handleSubmit, formState, reset } = useZodForm(cardFormSchema, { defaultValues: empty })
  const errors = formState.errors

  const submit = handleSubmit(async (values) => {
    const expiry = splitCardExpiry(values.expiry)
    let token: string
    try {
      if (!expiry) throw new Error('Fecha inválida')
      token = await createCardToken(tokenizerUrl, publicKey, {
        number: values.number.replace(/\s/g, ''),
        name: values.name,
        exp_month: expiry.expMonth,
        exp_year: expiry.expYear,
        cvc: values.cvc,
      })
    } catch {
      void showAlert(CARD_TOKEN_ERROR_TITLE, CARD_TOKEN_ERROR_TEXT, 'error')
      return
    }
    try {
      const donation = await donateByCard({ token, name: values.name, amount, campaign: campaignId, email: values.email, phone: values.phone, user, ...wall, ...(receipt ? { receipt } : {}) })
      reset(empty)
      onDone(donation.customer_info?.name || values.name)
    } catch (error) {
      showPaymentFailure(error)
    }
  })

  return (
    <form className="donation-form" onSubmit={(event) => void submit(event)} noValidate>
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
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
      </Field>
      <Field label="Teléfono" error={errors.phone?.message}>
        {(control) => <input {...control} {...register('phone')} className="kit-input" type="tel" autoComplete="tel" maxLength={20} />}
      </Field>
      <div className="kit-actions">
        <button type="submit" className="kit-button" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Procesando...' : 'Donar'}</button>
      </div>
    </form>
  )
}
