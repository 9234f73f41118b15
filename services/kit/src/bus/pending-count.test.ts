import { describe, expect, it } from 'vitest'
import { PendingCount } from './pending-count.ts'

describe('PendingCount', () => {
  it('counts the pair’s messages stored after its position', () => {
    const count = new PendingCount(0)
    for (const sequence of [3, 7, 8, 12]) count.stored(sequence)
    expect(count.after(0)).toBe(4)
    expect(count.after(7)).toBe(2)
    expect(count.after(12)).toBe(0)
    count.stored(15)
    expect(count.after(12)).toBe(1)
  })

  it('counts everything up to the horizon by position alone, then by message', () => {
    const count = new PendingCount(100)
    count.stored(90)
    count.stored(120)
    expect(count.after(40)).toBe(61)
    expect(count.after(100)).toBe(1)
    expect(count.after(130)).toBe(0)
  })

  it('keeps order and counts once when inserts report back out of order or twice', () => {
    const count = new PendingCount(0)
    for (const sequence of [6, 7, 8, 1, 2, 8, 3]) count.stored(sequence)
    expect(count.after(0)).toBe(6)
    expect(count.after(2)).toBe(4)
    expect(count.after(6)).toBe(2)
  })

  it('forgets what the pair has passed', () => {
    const count = new PendingCount(0)
    for (let sequence = 1; sequence <= 5_000; sequence++) count.stored(sequence)
    count.passed(4_990)
    expect(count.after(4_990)).toBe(10)
    count.stored(5_001)
    expect(count.after(4_995)).toBe(6)
  })
})
