import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { loginRequestSchema } from '@donaciones/contracts'
import { checkLogin, type LoginErrors, type LoginValues } from './login-check.ts'

/** What the contracts' schema says of the form's two strings: the messages per field, or the data. */
function bySchema(values: LoginValues): { errors: LoginErrors; data: unknown } {
  const parsed = loginRequestSchema.safeParse(values)
  if (parsed.success) return { errors: {}, data: parsed.data }
  const errors: LoginErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LoginValues
    errors[field] ??= issue.message
  }
  return { errors, data: null }
}

describe('comprobación del formulario de inicio de sesión', () => {
  const examples: LoginValues[] = [
    { email: '', password: '' },
    { email: '   ', password: '  ' },
    { email: 'ana', password: 'x' },
    { email: ' ana@ejemplo.mx ', password: ' secreta ' },
    { email: 'ana@ejemplo', password: 'secreta' },
    { email: 'ana..b@ejemplo.mx', password: 'secreta' },
    { email: '.ana@ejemplo.mx', password: 'secreta' },
    { email: 'ana@ejemplo.mx', password: '' },
    { email: 'añá@ejemplo.mx', password: 'secreta' },
    { email: 'ana+b@sub.ejemplo.com', password: 'secreta' },
  ]

  it.each(examples)('da lo mismo que loginRequestSchema: %o', (values) => {
    expect(checkLogin(values)).toEqual(bySchema(values))
  })

  it('da lo mismo que loginRequestSchema para cualquier texto', () => {
    const text = fc.oneof(fc.string(), fc.emailAddress(), fc.emailAddress().map((email) => ` ${email} `))
    fc.assert(fc.property(text, fc.string(), (email, password) => {
      expect(checkLogin({ email, password })).toEqual(bySchema({ email, password }))
    }), { numRuns: 500 })
  })
})
