import { useId } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_GRATITUDE_MAX,
  CAMPAIGN_SUBTITLE_MAX,
  CAMPAIGN_TITLE_MAX,
  type Option,
} from '@donaciones/contracts'
import { formatDate, formatMoney } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { CharacterCount, Field, ImageUploadField } from '@donaciones/web-kit/forms'
import { RichTextField } from '@donaciones/web-kit/rich-text'
import type { CampaignFormValues } from '../lib/campaign-form.ts'
import { GoalUnavailableNotice } from './GoalUnavailableNotice.tsx'
import './campaign-form.css'

const THUMBNAIL_LABEL = 'Imagen de portada'

interface GeneralProps {
  categories: Option[]
  institutions: Option[]
  thumbnailPath: string | null
  onThumbnailPath: (path: string) => void
}

/** Step 0 'Información general': title, subtitle, description, thumbnail, categories, institution. */
export function GeneralFields({ categories, institutions, thumbnailPath, onThumbnailPath }: GeneralProps) {
  const { register, control, formState } = useFormContext<CampaignFormValues>()
  const { errors } = formState
  const [title, subtitle, description] = useWatch({ control, name: ['title', 'subtitle', 'description'] })
  const categoriesId = useId()
  return (
    <div className="campaign-form__grid">
      <Field label="Título" error={errors.title?.message} hint={<CharacterCount value={title} max={CAMPAIGN_TITLE_MAX} />}>
        {(props) => <input className="kit-input" type="text" autoComplete="off" {...props} {...register('title')} />}
      </Field>
      <Field label="Subtítulo (opcional)" error={errors.subtitle?.message} hint={<CharacterCount value={subtitle} max={CAMPAIGN_SUBTITLE_MAX} />}>
        {(props) => <input className="kit-input" type="text" autoComplete="off" {...props} {...register('subtitle')} />}
      </Field>
      <Field className="campaign-form__wide" label="Descripción" error={errors.description?.message} hint={<CharacterCount value={description} max={CAMPAIGN_DESCRIPTION_MAX} />}>
        {(props) => <textarea className="kit-input" rows={3} {...props} {...register('description')} />}
      </Field>
      <ThumbnailField path={thumbnailPath} onPath={onThumbnailPath} />
      <Controller
        control={control}
        name="categories"
        render={({ field, fieldState }) => {
          const selected = Array.isArray(field.value) ? field.value : []
          const toggle = (value: string, checked: boolean) =>
            field.onChange(checked ? [...selected, value] : selected.filter((item) => item !== value))
          return (
            <fieldset
              className="kit-field campaign-form__choices"
              aria-invalid={Boolean(fieldState.error)}
              {...(fieldState.error && { 'aria-describedby': `${categoriesId}-mensaje` })}
            >
              <legend className="kit-field__label">Categorías</legend>
              {categories.length === 0 ? (
                <p className="kit-field__hint">
                  No hay categorías activas. <Link to="/dashboard/category/create">Crear una categoría</Link>
                </p>
              ) : (
                <ul className="campaign-form__checklist">
                  {categories.map((category) => (
                    <li key={category.value}>
                      <label className="campaign-form__check">
                        <input
                          type="checkbox"
                          name={field.name}
                          value={category.value}
                          checked={selected.includes(category.value)}
                          onChange={(event) => toggle(category.value, event.target.checked)}
                          onBlur={field.onBlur}
                        />
                        <span>{category.label}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {fieldState.error && <div id={`${categoriesId}-mensaje`} className="kit-field__error" role="alert">{fieldState.error.message}</div>}
            </fieldset>
          )
        }}
      />
      <Controller
        control={control}
        name="institution"
        render={({ field, fieldState }) => (
          <Field label="Institución" error={fieldState.error?.message}>
            {(props) => (
              <select
                className="kit-input"
                {...props}
                name={field.name}
                ref={field.ref}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                onBlur={field.onBlur}
              >
                <option value="">N/A</option>
                {institutions.map((institution) => (
                  <option key={institution.value} value={institution.value}>{institution.label}</option>
                ))}
              </select>
            )}
          </Field>
        )}
      />
    </div>
  )
}

/** The thumbnail: the kit's image upload, keeping the file id in the campaign form. */
function ThumbnailField({ path, onPath }: { path: string | null; onPath: (path: string) => void }) {
  const { setValue, formState } = useFormContext<CampaignFormValues>()
  return (
    <ImageUploadField
      className="campaign-form__wide"
      label={THUMBNAIL_LABEL}
      imageName="imagen de portada"
      previewAlt="Vista previa de la imagen de portada"
      previewFit="cover"
      error={formState.errors.thumbnail?.message}
      preview={path}
      onUploaded={(uploaded) => {
        setValue('thumbnail', uploaded._id, { shouldValidate: true, shouldDirty: true, shouldTouch: true })
        onPath(uploaded.path)
      }}
    />
  )
}

/** Step 1 'Contenido': the kit's rich-text editor (height 650, images up to 5 MB). */
export function ContentFields() {
  return <RichTextField<CampaignFormValues> name="content" label="Contenido de la campaña" height={650} />
}

const SWITCHES = [
  { name: 'visibility.counter', label: 'Mostrar contador' },
  { name: 'visibility.countdown', label: 'Mostrar cuenta regresiva' },
  { name: 'visibility.comments', label: 'Mostrar comentarios' },
  { name: 'visibility.donorWall', label: 'Mostrar muro de donadores' },
] as const

/** Step 2 'Opciones': goal (when a payment provider is on, else why not), duration, date, gratitude, visibility. */
export function OptionsFields({ goalShown }: { goalShown: boolean }) {
  const { register, control, formState } = useFormContext<CampaignFormValues>()
  const { errors } = formState
  const gratitude = useWatch({ control, name: 'gratitude' })
  return (
    <div className="campaign-form__grid">
      {goalShown ? (
        <Field label="Meta (MXN)" error={errors.goal?.message} hint="Entre 0 y 10,000,000 pesos.">
          {(props) => <input className="kit-input" type="number" inputMode="decimal" step="any" {...props} {...register('goal', { valueAsNumber: true })} />}
        </Field>
      ) : (
        <GoalUnavailableNotice />
      )}
      <Field label="Duración (días)" error={errors.duration?.message} hint="Entre 1 y 200 días.">
        {(props) => <input className="kit-input" type="number" inputMode="numeric" step={1} {...props} {...register('duration', { valueAsNumber: true })} />}
      </Field>
      <Field label="Fecha de publicación" error={errors.date?.message}>
        {(props) => <input className="kit-input" type="date" {...props} {...register('date')} />}
      </Field>
      <Field className="campaign-form__wide" label="Mensaje de agradecimiento (opcional)" error={errors.gratitude?.message} hint={<CharacterCount value={gratitude} max={CAMPAIGN_GRATITUDE_MAX} />}>
        {(props) => <textarea className="kit-input" rows={4} {...props} {...register('gratitude')} />}
      </Field>
      <fieldset className="kit-field campaign-form__wide campaign-form__switches">
        <legend className="kit-field__label">Visibilidad en la página de la campaña</legend>
        {SWITCHES.map((item) => (
          <label key={item.name} className="campaign-switch">
            <input type="checkbox" role="switch" className="campaign-switch__input" {...register(item.name)} />
            <span className="campaign-switch__track" aria-hidden="true" />
            <span>{item.label}</span>
          </label>
        ))}
      </fieldset>
    </div>
  )
}

interface PreviewProps {
  values: CampaignFormValues
  categories: Option[]
  institutions: Option[]
  thumbnailPath: string | null
  goalShown: boolean
}

const yesNo = (value: boolean | undefined) => (value ? 'Sí' : 'No')

/** Step 3 'Vista previa': the campaign card and page as visitors will see them. */
export function CampaignPreview({ values, categories, institutions, thumbnailPath, goalShown }: PreviewProps) {
  const categoryNames = categories.filter((category) => values.categories?.includes(category.value)).map((category) => category.label)
  const institution = institutions.find((item) => item.value === values.institution)?.label ?? 'N/A'
  const goal = typeof values.goal === 'number' && !Number.isNaN(values.goal) ? values.goal : null
  return (
    <div className="campaign-preview">
      <article className="campaign-preview__card" aria-label="Tarjeta de la campaña">
        {thumbnailPath && <img className="campaign-preview__image" src={thumbnailPath} alt="" />}
        <div className="campaign-preview__card-body">
          <h3 className="campaign-preview__title">{values.title}</h3>
          {values.subtitle && <p className="campaign-preview__subtitle">{values.subtitle}</p>}
          <p>{values.description}</p>
        </div>
      </article>
      <section className="campaign-preview__page" aria-label="Página de la campaña">
        <dl className="campaign-preview__facts">
          <div><dt>Categorías</dt><dd>{categoryNames.join(', ') || 'Sin categorías'}</dd></div>
          <div><dt>Institución</dt><dd>{institution}</dd></div>
          {goalShown && <div><dt>Meta</dt><dd>{goal === null ? 'Sin meta' : formatMoney(goal)}</dd></div>}
          <div><dt>Duración</dt><dd>{values.duration} días</dd></div>
          <div><dt>Fecha de publicación</dt><dd>{values.date ? formatDate(values.date) : ''}</dd></div>
          <div><dt>Contador visible</dt><dd>{yesNo(values.visibility?.counter)}</dd></div>
          <div><dt>Cuenta regresiva visible</dt><dd>{yesNo(values.visibility?.countdown)}</dd></div>
          <div><dt>Comentarios visibles</dt><dd>{yesNo(values.visibility?.comments)}</dd></div>
          <div><dt>Muro de donadores visible</dt><dd>{yesNo(values.visibility?.donorWall !== false)}</dd></div>
        </dl>
        <h4>Contenido</h4>
        <div className="campaign-preview__content" dangerouslySetInnerHTML={{ __html: values.content ?? '' }} />
        {values.gratitude && (
          <>
            <h4>Mensaje de agradecimiento</h4>
            <p>{values.gratitude}</p>
          </>
        )}
      </section>
    </div>
  )
}
