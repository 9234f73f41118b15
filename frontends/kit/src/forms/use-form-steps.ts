import { useEffect, useRef, useState } from 'react'
import type { FieldPath, FieldValues, UseFormGetValues, UseFormReturn, UseFormSetValue } from 'react-hook-form'
import type { FieldError } from '@donaciones/web-kit'
import { showFieldErrors } from './field-errors.ts'
import { firstStepOfPaths, type FormStep } from './form-steps.ts'

export interface FormStepsOptions<Values extends FieldValues, Step> {
  /** Rules of the step beyond each field's own (a whole-object refinement), shown on their fields. */
  stepProblems?: (step: Step, values: Values) => readonly FieldError[]
}

interface TouchableForm<Values extends FieldValues> {
  getValues: UseFormGetValues<Values>
  setValue: UseFormSetValue<Values>
}

/** Marks a field touched without changing its value. */
function touchField<Values extends FieldValues, Name extends FieldPath<Values>>(form: TouchableForm<Values>, name: Name) {
  form.setValue(name, form.getValues(name), { shouldTouch: true })
}

/**
 * A form shown one step at a time: the current step, moving between steps (each step's fields
 * checked before going on) and the focus on the step's heading (`headingRef`) after every
 * change, so screen readers announce the new step.
 */
export function useFormSteps<Values extends FieldValues, Output, Step extends FormStep<FieldPath<Values>>>(
  form: UseFormReturn<Values, unknown, Output>,
  steps: readonly Step[],
  options: FormStepsOptions<Values, Step> = {},
) {
  const [index, setIndex] = useState(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  const lastIndex = steps.length - 1
  const step = steps[index] ?? steps[0]
  if (!step) throw new Error('useFormSteps needs at least one step')

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [index])

  // A failed step marks its fields touched, so each message goes away as soon as the value is
  // fixed (while typing), not on blur, where the moving layout would swallow the next click.
  const touchStep = () => {
    for (const name of step.fields) touchField(form, name)
  }

  /** Checks the step's fields (and its extra rules); a failure marks them touched. */
  const checkStep = async (): Promise<boolean> => {
    const valid = await form.trigger([...step.fields])
    const problems = options.stepProblems?.(step, form.getValues()) ?? []
    showFieldErrors(form.setError, problems, undefined, 'validate')
    const passed = valid && problems.length === 0
    if (!passed) touchStep()
    return passed
  }

  const goTo = (target: number) => setIndex(Math.max(0, Math.min(target, lastIndex)))

  return {
    index,
    step,
    isLast: index === lastIndex,
    headingRef,
    goTo,
    back: () => goTo(index - 1),
    /** Moves on when the step passes its checks. */
    next: async () => {
      if (await checkStep()) goTo(index + 1)
    },
    checkStep,
    /** Opens the first step holding one of the paths; false when none does. */
    showStepOf: (paths: readonly string[]): boolean => {
      const target = firstStepOfPaths(steps, paths)
      if (target >= 0) goTo(target)
      return target >= 0
    },
  }
}
