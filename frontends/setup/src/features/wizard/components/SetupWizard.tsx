import { useState, type FormEvent } from 'react'
import { FormProvider } from 'react-hook-form'
import { setupRequestSchema } from '@donaciones/contracts'
import { useFormSteps, useZodForm } from '@donaciones/web-kit/forms'
import { LAST_STEP, WIZARD_STEPS } from '../lib/steps.ts'
import { useSetupSubmit } from '../hooks/use-setup-submit.ts'
import { institutionIsBlank, wizardDefaults, type WizardProvider } from '../lib/wizard-form.ts'
import { stepProblems } from '../lib/step-checks.ts'
import { StepBody } from './StepBody.tsx'
import { WizardProgress } from './WizardProgress.tsx'
import { WizardActions } from './WizardActions.tsx'
import '../wizard.css'

/** Spec §2.4: the 16-step setup wizard at /configure; one form keeps every step's values. */
export function SetupWizard() {
  const form = useZodForm(setupRequestSchema, { defaultValues: wizardDefaults })
  const steps = useFormSteps(form, WIZARD_STEPS, { stepProblems })
  const { index: stepIndex, step } = steps
  const [accepted, setAccepted] = useState(false)
  const [previews, setPreviews] = useState<Partial<Record<string, string>>>({})
  const { status, failure, submit } = useSetupSubmit(form, steps.showStepOf)

  const provider: WizardProvider | null = step.kind === 'provider' ? step.provider : null

  const goNext = async () => {
    if (provider) form.setValue(`providers.${provider}`, true)
    await steps.next()
  }

  const skipProvider = () => {
    if (!provider) return
    form.setValue(`providers.${provider}`, false)
    form.setValue(`keys.${provider}`, { client: '', secret: '' })
    form.clearErrors(`keys.${provider}`)
    steps.goTo(stepIndex + 1)
  }

  const skipInstitution = () => {
    form.setValue('institution', { name: '', description: '' })
    form.clearErrors('institution')
    void submit(false)
  }

  const save = async () => {
    if (institutionIsBlank(form.getValues())) return submit(false)
    if (await steps.checkStep()) await submit(true)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (status !== 'idle') return
    if (stepIndex === 0 && !accepted) return
    void (stepIndex === LAST_STEP ? save() : goNext())
  }

  if (status === 'done') {
    return (
      <main className="setup">
        <section className="setup-card setup-done" role="status">
          <h1>Configuración exitosa</h1>
          <p>En un momento irá al panel de administración.</p>
        </section>
      </main>
    )
  }

  return (
    <main className="setup">
      <h1 className="setup__title">Configuración inicial del sitio</h1>
      <FormProvider {...form}>
        <form className="setup-card" noValidate onSubmit={onSubmit} aria-label="Asistente de configuración">
          <WizardProgress step={stepIndex} />
          <h2 id="setup-step-title" ref={steps.headingRef} tabIndex={-1} className="setup-card__heading">
            {step.title}
          </h2>
          <StepBody step={step} accepted={accepted} onAcceptedChange={setAccepted} previews={previews} onPreview={(field, path) => setPreviews((current) => ({ ...current, [field]: path }))} />
          {failure && (
            <div className="setup-failure" role="alert">
              <strong>{failure.message}</strong>
              <p>{failure.description}</p>
            </div>
          )}
          <WizardActions
            stepIndex={stepIndex}
            canContinue={stepIndex !== 0 || accepted}
            sending={status === 'sending'}
            onBack={steps.back}
            {...(provider && { onSkip: skipProvider })}
            {...(stepIndex === LAST_STEP && { onSkip: skipInstitution })}
          />
        </form>
      </FormProvider>
    </main>
  )
}
