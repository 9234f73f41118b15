import { describe, expect, it } from 'vitest'
import { categoryInputSchema } from './categories.ts'
import { institutionInputSchema } from './institutions.ts'
import { commentCreateRequestSchema } from './comments.ts'
import { messagesAt } from '../../test/support.ts'

describe('institutionInputSchema', () => {
  it('name: 40 accepted, 41 refused', () => {
    expect(institutionInputSchema.safeParse({ name: 'a'.repeat(40), description: 'd' }).success).toBe(true)
    expect(messagesAt(institutionInputSchema, { name: 'a'.repeat(41), description: 'd' }, 'name')).toEqual([
      'El máximo de caracteres es de 40',
    ])
  })
  it('description: 200 accepted, 201 refused', () => {
    expect(institutionInputSchema.safeParse({ name: 'n', description: 'a'.repeat(200) }).success).toBe(true)
    expect(messagesAt(institutionInputSchema, { name: 'n', description: 'a'.repeat(201) }, 'description')).toEqual([
      'El máximo de caracteres es de 200',
    ])
  })
  it('both are required', () => {
    expect(messagesAt(institutionInputSchema, {}, 'name')).toEqual(['Campo requerido'])
    expect(messagesAt(institutionInputSchema, {}, 'description')).toEqual(['Campo requerido'])
  })
})

describe('categoryInputSchema', () => {
  it('title 40/41 and description 200/201', () => {
    expect(categoryInputSchema.safeParse({ title: 'a'.repeat(40), description: 'a'.repeat(200) }).success).toBe(true)
    expect(messagesAt(categoryInputSchema, { title: 'a'.repeat(41), description: 'd' }, 'title')).toEqual([
      'El máximo de caracteres es de 40',
    ])
    expect(messagesAt(categoryInputSchema, { title: 't', description: 'a'.repeat(201) }, 'description')).toEqual([
      'El máximo de caracteres es de 200',
    ])
  })
})

describe('commentCreateRequestSchema', () => {
  it('comment 280 accepted, 281 refused, empty required', () => {
    expect(commentCreateRequestSchema.safeParse({ comment: 'a'.repeat(280), campaign: 'c1' }).success).toBe(true)
    expect(messagesAt(commentCreateRequestSchema, { comment: 'a'.repeat(281), campaign: 'c1' }, 'comment')).toEqual([
      'El máximo de caracteres es de 280',
    ])
    expect(messagesAt(commentCreateRequestSchema, { comment: '', campaign: 'c1' }, 'comment')).toEqual(['Campo requerido'])
  })
})
