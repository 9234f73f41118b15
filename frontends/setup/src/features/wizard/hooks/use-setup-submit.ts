import { useState } from 'react'
import { useNavigate } from '@donaciones/web-kit/router'
import type { UseFormReturn } from 'react-hook-form'
import { SETUP_REDIRECT_DELAY_MS, SETUP_SUCCESS, setupRequestSchema, type SetupRequest } from '@donaciones/contracts'
import { ApiError, notify, showAlert, useSession, useSiteConfig, type FieldError } from '@donaciones/web-kit'
import { fieldErrorsOf, showFieldErrors } from '@donaciones/web-kit/forms'
import { sendSetup } from '../api/send-setup.ts'
import { toPayload, type WizardValues } from '../lib/wizard-form.ts'

export const AFTER_SETUP_PATH = '/dashboard/campaign/create'
export const WELCOME_TITLE = '¡Bienvenido!'
export const WELCOME_TEXT = 'Su sitio quedó configurado. Comience creando su primera campaña.'

export type SubmitStatus = 'idle' | 'sending' | 'done'
export interface SubmitFailure {
  message: string
  description: string
}

/**
 * Step 15: validates everything, sends it, signs the administrator in and moves to the dashboard.
 * `showStepOf` opens the first step holding one of the paths (false when none does).
 */
export function useSetupSubmit(form: UseFormReturn<WizardValues, unknown, SetupRequest>, showStepOf: (paths: readonly string[]) => boolean) {
  const navigate = useNavigate()
  const [status, setStatus] = useState<SubmitStatus>('idle')
  const [failure, setFailure] = useState<SubmitFailure | null>(null)

  /** Shows each message on its field and opens the step of the first one. */
  const showProblems = (problems: readonly FieldError[]) => {
    const paths = showFieldErrors(form.setError, problems)
    if (!showStepOf(paths)) setFailure({ message: 'Información inválida', description: problems[0]?.message ?? 'Verifique los datos proporcionados' })
  }

  const submit = async (withInstitution: boolean) => {
    setFailure(null)
    const checked = setupRequestSchema.safeParse(toPayload(form.getValues(), withInstitution))
    if (!checked.success) {
      showProblems(checked.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })))
      return
    }
    setStatus('sending')
    let token: string
    try {
      ;({ token } = await sendSetup(checked.data))
    } catch (error) {
      setStatus('idle')
      const problems = fieldErrorsOf(error)
      if (problems.length > 0) showProblems(problems)
      else if (error instanceof ApiError) setFailure({ message: error.message, description: error.description })
      else setFailure({ message: 'Ocurrió un error', description: 'Intente de nuevo más tarde' })
      return
    }
    useSession.getState().signIn(token)
    notify.success(SETUP_SUCCESS)
    setStatus('done')
    await new Promise((resolve) => setTimeout(resolve, SETUP_REDIRECT_DELAY_MS))
    // The shell sends /configure to / as soon as the site is configured, and the dashboard to
    // /configure while it is not: the configuration is reloaded behind the loading screen,
    // after the address already points at the dashboard.
    navigate(AFTER_SETUP_PATH)
    useSiteConfig.setState({ status: 'loading' })
    await useSiteConfig.getState().load()
    void showAlert(WELCOME_TITLE, WELCOME_TEXT, 'success')
  }

  return { status, failure, submit }
}
