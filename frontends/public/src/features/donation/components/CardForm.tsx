import { cardFormSchema, type CardForm as CardFormValues, type ReceiptRequest } from '@donaciones/contracts'
import { useSession } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { donateByCard, donateMonthly } from '../api/donation-api.ts'
import type { WallChoice } from '../lib/channel-props.ts'
import { tokenizeCard } from '../lib/card-token.ts'
import { CardFields } from './CardFields.tsx'
import { showPaymentFailure } from '../lib/donation-failure.ts'

interface CardFormProps {
  campaignId: string
  amount: number
  user: string | null
  wall: WallChoice
  receipt: ReceiptRequest | undefined
  tokenizerUrl: string
  publicKey: string
  /** Charge the card now and then every month. */
  monthly: boolean
  onDone: (donorName: string) => void
}

/** Card data goes to the provider's tokenizer only; our server receives the token. */
export function CardForm({ campaignId, amount, user, wall, receipt, tokenizerUrl, publicKey, monthly, onDone }: CardFormProps) {
  const sessionUser = useSession((state) => state.user)
  const empty: CardFormValues = { number: '', name: '', expiry: '', cvc: '', email: sessionUser?.email ?? '', phone: '' }
  const { register, handleSubmit, formState, reset } = useZodForm(cardFormSchema, { defaultValues: empty })
  const errors = formState.errors

  const submit = handleSubmit(async (values) => {
    const token = await tokenizeCard(tokenizerUrl, publicKey, values)
    if (!token) return
    try {
      const request = { token, name: values.name, amount, campaign: campaignId, email: values.email, phone: values.phone, user, ...wall, ...(receipt ? { receipt } : {}) }
      const donation = await (monthly ? donateMonthly(request) : donateByCard(request))
      reset(empty)
      onDone(donation.customer_info?.name || values.name)
    } catch (error) {
      showPaymentFailure(error)
    }
  })

  return (
    <form className="donation-form" onSubmit={(event) => void submit(event)} noValidate>
      <CardFields register={register} errors={errors} />
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
      </Field>
      <Field label="Teléfono" error={errors.phone?.message}>
        {(control) => <input {...control} {...register('phone')} className="kit-input" type="tel" autoComplete="tel" maxLength={20} />}
      </Field>
      <div className="kit-actions">
        <button type="submit" className="kit-button" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Procesando...' : monthly ? 'Donar cada mes' : 'Donar'}</button>
      </div>
    </form>
  )
}
