import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'

/**
 * react-hook-form driven by a contracts schema, so the browser shows the server's exact Spanish
 * messages. Validates when a field is left, then on every change.
 */
export function useZodForm<Output extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  })
}
