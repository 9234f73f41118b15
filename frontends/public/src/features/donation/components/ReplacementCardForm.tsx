import { replacementCardFormSchema, type MonthlyLinkResponse, type ReplacementCardForm as ReplacementCardValues } from '@donaciones/contracts'
import { Loading, usePublicConfig } from '@donaciones/web-kit'
import { useZodForm } from '@donaciones/web-kit/forms'
import { replaceMonthlyCard } from '../api/donation-api.ts'
import { tokenizeCard } from '../lib/card-token.ts'
import { CardFields } from './CardFields.tsx'
import { showMonthlyLinkFailure } from '../lib/donation-failure.ts'

interface ReplacementCardFormProps {
  /** The signed token of the donor's link. */
  linkToken: string
  onDone: (monthly: MonthlyLinkResponse) => void
}

const empty: ReplacementCardValues = { number: '', name: '', expiry: '', cvc: '' }

/** Another card for a suspended monthly donation: tokenized by the provider's library, charged for the pending month. */
export function ReplacementCardForm({ linkToken, onDone }: ReplacementCardFormProps) {
  const config = usePublicConfig()
  const { register, handleSubmit, formState } = useZodForm(replacementCardFormSchema, { defaultValues: empty })
  const errors = formState.errors
  if (!config) return <Loading />
  const publicKey = config.providers.conekta ? config.clients.conekta : null
  if (!publicKey) return <p className="donation-unavailable"><span>Tarjeta:</span> No disponible por ahora. Intente más tarde.</p>

  const submit = handleSubmit(async (values) => {
    const cardToken = await tokenizeCard(config.scripts.conektaTokenizer, publicKey, values)
    if (!cardToken) return
    try {
      onDone(await replaceMonthlyCard(linkToken, cardToken))
    } catch (error) {
      showMonthlyLinkFailure(error)
    }
  })

  return (
    <form className="donation-form" onSubmit={(event) => void submit(event)} noValidate>
      <CardFields register={register} errors={errors} />
      <div className="kit-actions">
        <button type="submit" className="kit-button" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Procesando...' : 'Registrar tarjeta y reanudar'}</button>
      </div>
    </form>
  )
}
