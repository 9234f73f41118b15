import { describe, expect, it } from 'vitest'
import { ReplicaRotation } from './replica-rotation.ts'

describe('ReplicaRotation', () => {
  it('takes the replicas in turn', () => {
    const rotation = new ReplicaRotation(['a', 'b', 'c'])
    expect(Array.from({ length: 6 }, () => rotation.pick())).toEqual(['a', 'b', 'c', 'a', 'b', 'c'])
  })

  it('leaves out an unreachable replica until its rest is over', () => {
    let time = 0
    const rotation = new ReplicaRotation(['a', 'b'], 1_000, () => time)
    rotation.markUnreachable('a')
    expect(Array.from({ length: 4 }, () => rotation.pick())).toEqual(['b', 'b', 'b', 'b'])
    time = 1_000
    expect(Array.from({ length: 2 }, () => rotation.pick())).toEqual(['a', 'b'])
  })

  it('still answers when every replica rests, and honours exclusions', () => {
    const rotation = new ReplicaRotation(['a', 'b'], 1_000, () => 0)
    rotation.markUnreachable('a')
    rotation.markUnreachable('b')
    expect(rotation.pick()).toBe('a')
    expect(rotation.pick(new Set(['b']))).toBe('a')
    expect(rotation.pick(new Set(['a']))).toBe('b')
    expect(rotation.pick(new Set(['a', 'b']))).toBe('a')
  })
})
