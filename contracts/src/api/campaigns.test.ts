import { describe, expect, it } from 'vitest'
import { campaignInputSchema, campaignUpdateRequestSchema } from './campaigns.ts'
import { allMessages, messagesAt } from '../../test/support.ts'

const valid = {
  title: 'Útiles escolares',
  description: 'Mochilas para 200 niños',
  goal: 50_000,
  duration: 30,
  date: '2025-04-01',
  thumbnail: 'f1',
  categories: ['c1'],
  institution: null,
  gratitude: '¡Gracias!',
  content: '<p>Contenido</p>',
  visibility: { counter: true, countdown: true, comments: false },
}

describe('campaignInputSchema', () => {
  const schema = campaignInputSchema({ goalRequired: true })

  it('accepts a valid campaign', () => {
    expect(allMessages(schema, valid)).toEqual([])
  })

  it('title: 40 accepted, 41 refused', () => {
    expect(schema.safeParse({ ...valid, title: 'a'.repeat(40) }).success).toBe(true)
    expect(messagesAt(schema, { ...valid, title: 'a'.repeat(41) }, 'title')).toEqual(['El máximo de caracteres es de 40'])
  })

  it('description: 100 accepted, 101 refused', () => {
    expect(schema.safeParse({ ...valid, description: 'a'.repeat(100) }).success).toBe(true)
    expect(messagesAt(schema, { ...valid, description: 'a'.repeat(101) }, 'description')).toEqual([
      'El máximo de caracteres es de 100',
    ])
  })

  it('gratitude: 500 accepted, 501 refused, absent accepted', () => {
    expect(schema.safeParse({ ...valid, gratitude: 'a'.repeat(500) }).success).toBe(true)
    expect(messagesAt(schema, { ...valid, gratitude: 'a'.repeat(501) }, 'gratitude')).toEqual([
      'El máximo de caracteres es de 500',
    ])
    expect(schema.safeParse({ ...valid, gratitude: undefined }).success).toBe(true)
  })

  it('goal boundaries', () => {
    expect(messagesAt(schema, { ...valid, goal: -1 }, 'goal')).toEqual(['Los números negativos no son válidos'])
    expect(schema.safeParse({ ...valid, goal: 0 }).success).toBe(true)
    expect(schema.safeParse({ ...valid, goal: 10_000_000 }).success).toBe(true)
    expect(messagesAt(schema, { ...valid, goal: 10_000_001 }, 'goal')).toEqual(['Ha sobrepasado el máximo de donaciones'])
  })

  it('goal is required when a payment provider is enabled, even with other errors', () => {
    expect(messagesAt(schema, { ...valid, goal: undefined }, 'goal')).toEqual(['Campo requerido'])
    expect(messagesAt(schema, { ...valid, goal: undefined, title: undefined }, 'goal')).toEqual(['Campo requerido'])
  })

  it('goal is optional when no payment provider is enabled', () => {
    const optional = campaignInputSchema({ goalRequired: false })
    expect(allMessages(optional, { ...valid, goal: undefined })).toEqual([])
    expect(messagesAt(optional, { ...valid, goal: -1 }, 'goal')).toEqual(['Los números negativos no son válidos'])
  })

  it('duration boundaries and missing', () => {
    expect(messagesAt(schema, { ...valid, duration: 0 }, 'duration')).toEqual(['El mínimo de días es 1'])
    expect(schema.safeParse({ ...valid, duration: 1 }).success).toBe(true)
    expect(schema.safeParse({ ...valid, duration: 200 }).success).toBe(true)
    expect(messagesAt(schema, { ...valid, duration: 201 }, 'duration')).toEqual(['El máximo de días es 200'])
    expect(messagesAt(schema, { ...valid, duration: undefined }, 'duration')).toEqual(['Campo requerido'])
  })

  it('requires thumbnail, at least one category, content and date', () => {
    const input = { ...valid, thumbnail: '', categories: [], content: ' ', date: undefined }
    expect(messagesAt(schema, input, 'thumbnail')).toEqual(['Campo requerido'])
    expect(messagesAt(schema, input, 'categories')).toEqual(['Campo requerido'])
    expect(messagesAt(schema, input, 'content')).toEqual(['Campo requerido'])
    expect(messagesAt(schema, input, 'date')).toEqual(['Campo requerido'])
    expect(allMessages(schema, input)).toHaveLength(4)
  })
})

describe('campaignUpdateRequestSchema', () => {
  it('requires the justification', () => {
    const schema = campaignUpdateRequestSchema({ goalRequired: false })
    expect(schema.safeParse({ payload: valid, historical: { cause: 'Actualización', description: 'Corrección' } }).success).toBe(true)
    expect(allMessages(schema, { payload: valid, historical: { cause: 'Actualización', description: '' } })).toEqual([
      'historical.description: Campo requerido',
    ])
    expect(allMessages(schema, { payload: valid })).toEqual(['historical: Campo requerido'])
  })
})
