import { INVALID_INFORMATION_TEXT, INVALID_INFORMATION_TITLE, VOUCHER_PHONE_LENGTH, voucherFormSchema, type OxxoResponse, type ReceiptRequest, type VoucherForm } from '@donaciones/contracts'
import { showAlert, useSession } from '@donaciones/web-kit'
import { Field, useZodForm } from '@donaciones/web-kit/forms'
import { requestOxxoVoucher } from '../api/donation-api.ts'
import type { WallChoice } from '../lib/channel-props.ts'

interface OxxoFormProps {
  campaignId: string
  amount: number
  user: string | null
  wall: WallChoice
  receipt: ReceiptRequest | undefined
  onVoucher: (voucher: OxxoResponse) => void
}

export function OxxoForm({ campaignId, amount, user, wall, receipt, onVoucher }: OxxoFormProps) {
  const sessionUser = useSession((state) => state.user)
  const defaults: VoucherForm = { name: sessionUser?.name ?? '', lastName: sessionUser?.lastName ?? '', email: sessionUser?.email ?? '', phone: '' }
  const { register, handleSubmit, formState } = useZodForm(voucherFormSchema, { defaultValues: defaults })
  const errors = formState.errors

  const submit = handleSubmit(async (values) => {
    try {
      onVoucher(await requestOxxoVoucher({ ...values, campaign: campaignId, amount, user, ...wall, ...(receipt ? { receipt } : {}) }))
    } catch {
      void showAlert(INVALID_INFORMATION_TITLE, INVALID_INFORMATION_TEXT, 'error')
    }
  })

  return (
    <form className="donation-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="donation-form__row">
        <Field label="Nombre" error={errors.name?.message}>
          {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="given-name" />}
        </Field>
        <Field label="Apellidos" error={errors.lastName?.message}>
          {(control) => <input {...control} {...register('lastName')} className="kit-input" autoComplete="family-name" />}
        </Field>
      </div>
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="kit-input" type="email" autoComplete="email" />}
      </Field>
      <Field label="Teléfono (10 dígitos)" error={errors.phone?.message}>
        {(control) => <input {...control} {...register('phone')} className="kit-input" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={VOUCHER_PHONE_LENGTH} />}
      </Field>
      <div className="kit-actions">
        <button type="submit" className="kit-button" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Generando...' : 'Generar ficha de pago'}</button>
      </div>
    </form>
  )
}
