import { describe, expect, it } from 'vitest'
import { firstStepOfPaths, stepIndexOfPath } from './form-steps.ts'

const steps = [
  { fields: [] },
  { fields: ['title', 'visibility'] },
  { fields: ['keys.conekta.client', 'keys.conekta.secret'] },
  { fields: ['user.email'] },
] as const

describe('the step of a field path', () => {
  it('finds the field, a part of it and a group of its fields', () => {
    expect(stepIndexOfPath(steps, 'title')).toBe(1)
    expect(stepIndexOfPath(steps, 'visibility.counter')).toBe(1)
    expect(stepIndexOfPath(steps, 'keys.conekta')).toBe(2)
    expect(stepIndexOfPath(steps, 'user.email')).toBe(3)
  })

  it('is -1 for a path no step holds, including a mere prefix of a name', () => {
    expect(stepIndexOfPath(steps, 'mailer')).toBe(-1)
    expect(stepIndexOfPath(steps, 'tit')).toBe(-1)
    expect(stepIndexOfPath(steps, 'user.emailAddress')).toBe(-1)
  })

  it('opens the earliest step of several paths', () => {
    expect(firstStepOfPaths(steps, ['user.email', 'keys.conekta.secret', 'nowhere'])).toBe(2)
    expect(firstStepOfPaths(steps, ['nowhere'])).toBe(-1)
  })
})
