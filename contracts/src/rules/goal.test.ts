import { describe, expect, it } from 'vitest'
import { campaignsWithoutGoalWarning, receivesDonations } from './goal.ts'

describe('campaign goal', () => {
  it('takes donations only with a goal above 0', () => {
    expect(receivesDonations(1)).toBe(true)
    expect(receivesDonations(0)).toBe(false)
    expect(receivesDonations(null)).toBe(false)
    expect(receivesDonations(undefined)).toBe(false)
  })

  it('words the warning for one and for several campaigns', () => {
    expect(campaignsWithoutGoalWarning(1)).toBe('Hay 1 campaña activa sin meta: no recibe donaciones.')
    expect(campaignsWithoutGoalWarning(3)).toBe('Hay 3 campañas activas sin meta: no reciben donaciones.')
  })
})
