import { describe, expect, it } from 'vitest'
import { finishedLine, formatCount, formatDuration, lineProgress, progressLine } from '../src/cli/progress.ts'

describe('operator progress texts', () => {
  it('groups thousands with a space', () => {
    expect([0, 7, 999, 1000, 12_000, 50_000, 1_234_567, -3100].map(formatCount)).toEqual(['0', '7', '999', '1 000', '12 000', '50 000', '1 234 567', '-3 100'])
    expect(formatCount(3100.4)).toBe('3 100')
  })

  it('writes durations in seconds, minutes and hours', () => {
    expect([0, 400, 12_000, 59_400, 60_000, 200_000, 3_600_000, 4_980_000].map(formatDuration)).toEqual(['0 s', '0 s', '12 s', '59 s', '1 min', '3 min 20 s', '1 h', '1 h 23 min'])
  })

  it('gives done, total, percentage, rate and the time left', () => {
    expect(progressLine('campaign/campaign-list', { done: 12_000, total: 50_000, elapsedMs: 3_871 })).toBe(
      'campaign/campaign-list: 12 000/50 000 eventos (24 %), 3 100 eventos/s, faltan ~12 s',
    )
    expect(progressLine('audit/counters', { done: 0, total: 50_000, elapsedMs: 0 })).toBe('audit/counters: 0/50 000 eventos (0 %)')
    expect(progressLine('audit/counters', { done: 50_000, total: 50_000, elapsedMs: 10_000 })).toBe('audit/counters: 50 000/50 000 eventos (100 %), 5 000 eventos/s')
    expect(progressLine('audit/counters', { done: 0, total: 0, elapsedMs: 5 })).toBe('audit/counters: 0/0 eventos (100 %)')
    expect(finishedLine('audit/counters', { done: 50_000, total: 50_000, elapsedMs: 16_000 })).toBe('audit/counters: terminado, 50 000 eventos en 16 s (3 125 eventos/s)')
  })
})

describe('lineProgress', () => {
  it('writes the first line, then at most one per interval, then the last', () => {
    let clock = 1_000
    const lines: string[] = []
    const progress = lineProgress({ label: 'audit/history', intervalMs: 2_000, now: () => clock, write: (line) => lines.push(line) })
    progress.start(10_000)
    clock += 500
    progress.update(2_000)
    clock += 1_600
    progress.update(4_000)
    clock += 1_000
    progress.update(6_000)
    clock += 1_000
    progress.update(8_000)
    clock += 1_000
    progress.update(10_000)
    progress.finish(10_000)
    expect(lines).toEqual([
      'audit/history: 0/10 000 eventos (0 %)',
      'audit/history: 4 000/10 000 eventos (40 %), 1 905 eventos/s, faltan ~3 s',
      'audit/history: 8 000/10 000 eventos (80 %), 1 951 eventos/s, faltan ~1 s',
      'audit/history: terminado, 10 000 eventos en 5 s (1 961 eventos/s)',
    ])
  })

  it('writes on every update with an interval of 0', () => {
    const lines: string[] = []
    const progress = lineProgress({ label: 'x/y', intervalMs: 0, now: () => 0, write: (line) => lines.push(line) })
    progress.start(3)
    for (const done of [1, 2, 3]) progress.update(done)
    progress.finish(3)
    expect(lines).toHaveLength(5)
  })
})
