import { describe, expect, it } from 'vitest'
import { assertValidSubject, assertValidSubjectFilter, subjectFilterPattern, subjectMatches } from './subject-filter.ts'

const cases: Array<[filter: string, subject: string, matches: boolean]> = [
  ['a.b.c', 'a.b.c', true],
  ['a.b.c', 'a.b', false],
  ['a.b', 'a.b.c', false],
  ['a.b.c', 'a.b.d', false],
  ['a.*.c', 'a.x.c', true],
  ['a.*.c', 'a.x.y.c', false],
  ['a.*.c', 'a.c', false],
  ['*', 'a', true],
  ['*', 'a.b', false],
  ['*.*', 'a.b', true],
  ['a.>', 'a.b', true],
  ['a.>', 'a.b.c.d', true],
  ['a.>', 'a', false],
  ['a.>', 'b.c', false],
  ['>', 'a', true],
  ['>', 'a.b.c', true],
  ['a.*.>', 'a.b', false],
  ['a.*.>', 'a.b.c', true],
  ['events.donations.*.created', 'events.donations.d-1.created', true],
  // Literal tokens holding regex metacharacters must match only themselves.
  ['a.b+c', 'a.b+c', true],
  ['a.b+c', 'a.bbc', false],
  ['a.(x|y)', 'a.x', false],
  ['a.$x', 'a.$x', true],
  ['a.x^y', 'a.x^y', true],
  ['a.b?', 'a.b', false],
]

describe('subjectMatches', () => {
  it.each(cases)('%s against %s is %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected)
  })
})

describe('subjectFilterPattern', () => {
  it.each(cases)('%s against %s is %s', (filter, subject, expected) => {
    expect(new RegExp(subjectFilterPattern(filter)).test(subject)).toBe(expected)
  })
})

describe('validation', () => {
  it.each(['a', 'a.b.c', 'events.donations.d-1.created', 'a_b.$c'])('accepts subject %s', (subject) => {
    expect(() => assertValidSubject(subject)).not.toThrow()
  })

  it.each(['', 'a..b', '.a', 'a.', 'a.*', 'a.>', 'a b', 'a.b*', 'a.\tb'])('rejects subject %j', (subject) => {
    expect(() => assertValidSubject(subject)).toThrow(/invalid subject/)
  })

  it.each(['a', '*', '>', 'a.*.c', 'a.>', '*.>', 'a.b.c'])('accepts filter %s', (filter) => {
    expect(() => assertValidSubjectFilter(filter)).not.toThrow()
  })

  it.each(['', 'a..b', 'a.>.b', '>.a', 'a.b*', 'a.>x', 'a b', 'a.'])('rejects filter %j', (filter) => {
    expect(() => assertValidSubjectFilter(filter)).toThrow(/invalid subject filter/)
  })
})
