import { useEffect, useMemo, useState } from 'react'
import {
  ADMIN_CREATED_TITLE,
  ADMIN_FORM_NAME_MAX,
  adminCreatedMessage,
  RECORD_SAVED,
  ROLE_LABELS,
  ROLES,
  userInputSchema,
  type Module,
  type Role,
  type User,
} from '@donaciones/contracts'
import { apiRequest, ErrorPanel, Loading, notify, showAlert, useQuery, useSession } from '@donaciones/web-kit'
import { CharacterCount, Field, useZodForm } from '@donaciones/web-kit/forms'
import { useNavigate, useParams, useSearchParams } from '@donaciones/web-kit/router'
import { FormActions } from '../../../components/FormActions.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { changed, updateWithJustification } from '../../../lib/record-actions.ts'
import { createUser, updateUser, USERS_PATH } from '../api/users-api.ts'
import { emptyMatrix, grantsOf, type MatrixRow } from '../lib/permission-matrix.ts'
import { USER_ROUTES } from '../lib/routes.ts'
import { PermissionMatrix } from './PermissionMatrix.tsx'
import '../../../components/record-form.css'
import './users.css'

const formSchema = userInputSchema.pick({ name: true, lastName: true, email: true, role: true })

const roleFromQuery = (value: string | null): Role | undefined => {
  const role = Number(value)
  return value !== null && (ROLES as readonly number[]).includes(role) ? (role as Role) : undefined
}

/** Matrix rows for every module, with the user's grants ticked. */
function matrixOf(modules: readonly Module[], user: User | undefined): MatrixRow[] {
  return emptyMatrix(modules).map((row) => {
    const grant = user?.permissions.find((entry) => entry.module.name === row.module.name)
    return grant ? { ...row, read: grant.read || grant.create || grant.update, create: grant.create, update: grant.update } : row
  })
}

/** /dashboard/user/create and /dashboard/user/edit/:id (administrators and users, spec §2.5, §4, §6). */
export function UserFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id = '' } = useParams()
  const [query] = useSearchParams()
  const navigate = useNavigate()
  const me = useSession((state) => state.user)
  const signOut = useSession((state) => state.signOut)
  const record = useQuery(mode === 'edit' ? `${USERS_PATH}/edit/${id}` : null, (signal, path) => apiRequest<User>('LOAD_USER', path, { signal }))
  const modules = useQuery('/modules', (signal, path) => apiRequest<Module[]>('LOAD_MODULES', path, { signal }))
  const initialRole = mode === 'create' ? roleFromQuery(query.get('rol')) : undefined
  const { register, handleSubmit, formState, watch, reset } = useZodForm(formSchema, {
    defaultValues: { name: '', lastName: '', email: '', ...(initialRole !== undefined && { role: initialRole }) },
  })
  const [matrix, setMatrix] = useState<MatrixRow[]>([])
  const [matrixDirty, setMatrixDirty] = useState(false)

  const initialMatrix = useMemo(() => (modules.data ? matrixOf(modules.data, record.data) : []), [modules.data, record.data])
  useEffect(() => {
    setMatrix(initialMatrix)
    setMatrixDirty(false)
  }, [initialMatrix])
  useEffect(() => {
    if (record.data) reset({ name: record.data.name, lastName: record.data.lastName, email: record.data.email, role: record.data.role })
  }, [record.data, reset])

  if ((mode === 'edit' && record.state.status === 'loading') || modules.state.status === 'loading') return <Loading label="Cargando datos..." />
  if (mode === 'edit' && (record.state.status === 'error' || !record.data)) return <ErrorPanel onRetry={record.retry} />
  if (modules.state.status === 'error') return <ErrorPanel onRetry={modules.retry} />

  const role = watch('role') as Role | undefined
  const showMatrix = role === 1

  const submit = handleSubmit(async (input) => {
    const payload = { ...input, permissions: input.role === 1 ? grantsOf(matrix) : [] }
    try {
      if (mode === 'create') {
        const created = await createUser(payload)
        changed(USERS_PATH)
        // Role 0/1: 'Administrador creado / Se enviará una contraseña provisional a {email}'; role 2: 'Registro guardado'.
        if (created.role === 2) notify.success(RECORD_SAVED)
        else await showAlert(ADMIN_CREATED_TITLE, adminCreatedMessage(created.email), 'success')
        navigate(created.role === 2 ? USER_ROUTES.list : USER_ROUTES.adminList)
        return
      }
      const saved = await updateWithJustification(USERS_PATH, (description) => updateUser(id, payload, description))
      if (!saved) return
      if (me && me._id === id && record.data && record.data.role !== input.role) {
        // Spec §4: changing one's own role forces logout.
        await signOut()
        navigate('/login', { replace: true })
        return
      }
      navigate(USER_ROUTES.view(id))
    } catch {
      // The kit's global toast shows the server's message ('Registro ya existente'...).
    }
  })

  const title = mode === 'create' ? 'Nuevo usuario' : 'Editar usuario'
  return (
    <section className="record-form">
      <PageHeader title={title} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Nombre" error={formState.errors.name?.message} hint={<CharacterCount value={watch('name')} max={ADMIN_FORM_NAME_MAX} />}>
          {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="off" />}
        </Field>
        <Field label="Apellido" error={formState.errors.lastName?.message} hint={<CharacterCount value={watch('lastName')} max={ADMIN_FORM_NAME_MAX} />}>
          {(control) => <input {...control} {...register('lastName')} className="kit-input" autoComplete="off" />}
        </Field>
        <Field label="Correo electrónico" error={formState.errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" className="kit-input" autoComplete="off" />}
        </Field>
        <Field label="Rol" error={formState.errors.role?.message}>
          {(control) => (
            <select
              {...control}
              {...register('role', { setValueAs: (value: unknown) => (value === '' || value === undefined ? undefined : Number(value)) })}
              className="kit-input"
            >
              <option value="">Seleccione un rol</option>
              {ROLES.map((value) => (
                <option key={value} value={value}>{ROLE_LABELS[value]}</option>
              ))}
            </select>
          )}
        </Field>
        {showMatrix && (
          <PermissionMatrix
            rows={matrix}
            onChange={(rows) => {
              setMatrix(rows)
              setMatrixDirty(true)
            }}
            disabled={formState.isSubmitting}
          />
        )}
        <FormActions
          mode={mode}
          isDirty={formState.isDirty || (showMatrix && matrixDirty)}
          isValid={formState.isValid}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(USER_ROUTES.view(id))}
        />
      </form>
    </section>
  )
}
