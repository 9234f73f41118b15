import { useEffect, useState } from 'react'
import { PROFILE_FORM_NAME_MAX, PROFILE_UPDATED, profileUpdateRequestSchema, type User } from '@donaciones/contracts'
import { apiRequest, authUserFrom, ErrorPanel, Loading, notify, useQuery, useSession } from '@donaciones/web-kit'
import { CharacterCount, Field, ImageUploadField, useZodForm } from '@donaciones/web-kit/forms'
import { useNavigate } from '@donaciones/web-kit/router'
import { FormActions } from '../../../components/FormActions.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { changed } from '../../../lib/record-actions.ts'
import { USERS_PATH } from '../api/users-api.ts'
import { USER_ROUTES } from '../lib/routes.ts'
import { pictureOf } from '../lib/user-picture.ts'
import { UserAvatar } from './UserAvatar.tsx'
import '../../../components/record-form.css'
import './users.css'

interface ProfileAnswer {
  message: string
  user: User
  token: string
}

/** /dashboard/user-admin/profile/edit: the signed-in user's own profile (names ≤ 25, picture required). */
export function ProfileEditPage() {
  const navigate = useNavigate()
  const me = useSession((state) => state.user)
  const { state, data, retry: reload } = useQuery(me ? `${USERS_PATH}/${me._id}` : null, (signal, path) => apiRequest<User>('LOAD_PROFILE', path, { signal }))
  const { register, handleSubmit, formState, watch, reset, setValue, trigger } = useZodForm(profileUpdateRequestSchema, {
    defaultValues: { name: '', lastName: '', email: '', thumbnail: '' },
  })
  const [preview, setPreview] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)

  useEffect(() => {
    if (!data) return
    reset({ name: data.name, lastName: data.lastName, email: data.email, thumbnail: data.thumbnail?._id ?? '' })
    setPreview(pictureOf(data))
  }, [data, reset])

  if (!me || state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />

  const submit = handleSubmit(async (input) => {
    try {
      const answer = await apiRequest<ProfileAnswer>('EDIT_PROFILE', `${USERS_PATH}/profile`, { method: 'PUT', json: input })
      changed(USERS_PATH)
      const session = useSession.getState()
      const fromToken = answer.token ? session.signIn(answer.token) : null
      session.setUser(authUserFrom(fromToken ?? me, answer.user))
      notify.success(PROFILE_UPDATED)
      navigate(USER_ROUTES.profile(answer.user._id))
    } catch {
      // The kit's global toast shows the server's message.
    }
  })

  return (
    <section className="record-form">
      <PageHeader title="Mi perfil" />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Nombre" error={formState.errors.name?.message} hint={<CharacterCount value={watch('name')} max={PROFILE_FORM_NAME_MAX} />}>
          {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="given-name" />}
        </Field>
        <Field label="Apellido" error={formState.errors.lastName?.message} hint={<CharacterCount value={watch('lastName')} max={PROFILE_FORM_NAME_MAX} />}>
          {(control) => <input {...control} {...register('lastName')} className="kit-input" autoComplete="family-name" />}
        </Field>
        <Field label="Correo electrónico" error={formState.errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" className="kit-input" autoComplete="email" />}
        </Field>
        <ImageUploadField
          label="Foto de perfil"
          imageName="foto"
          error={formState.errors.thumbnail?.message}
          preview={preview}
          previewElement={<UserAvatar name={watch('name')} lastName={watch('lastName')} picture={preview} size="lg" />}
          onUploadingChange={setUploading}
          onUploaded={async (uploaded) => {
            setValue('thumbnail', uploaded._id, { shouldDirty: true, shouldTouch: true })
            await trigger('thumbnail')
            setPreview(uploaded.path)
          }}
        />
        <FormActions
          mode="edit"
          isDirty={formState.isDirty}
          isValid={formState.isValid && !uploading}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(USER_ROUTES.profile(data._id))}
        />
      </form>
    </section>
  )
}
