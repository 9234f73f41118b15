import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssues } from './errors.ts'
import { requiredText } from './rules.ts'

describe('describeIssues', () => {
  it('joins paths with dots and keeps the messages', () => {
    const schema = z.object({ user: z.object({ name: requiredText(30) }), tags: z.array(requiredText(5)) })
    const result = schema.safeParse({ user: { name: '' }, tags: ['ok', 'toolong'] })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.error)).toEqual([
      { path: 'user.name', message: 'Campo requerido' },
      { path: 'tags.1', message: 'El máximo de caracteres es de 5' },
    ])
  })

  it('gives an empty path for a root issue', () => {
    const result = requiredText(3).safeParse(undefined)
    if (result.success) throw new Error('expected a failure')
    expect(describeIssues(result.error)).toEqual([{ path: '', message: 'Campo requerido' }])
  })
})
