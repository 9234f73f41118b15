import { describe, expect, it } from 'vitest'
import { showsSpinner } from './loading.ts'

describe('request spinner (spec §2.2)', () => {
  it('shows for actions starting with LOAD, SELECT, EDIT or LOGIN only', () => {
    for (const action of ['LOAD_CAMPAIGN', 'SELECT_PAGE', 'EDIT_USER', 'LOGIN']) expect(showsSpinner(action)).toBe(true)
    for (const action of ['SEND_COMMENT', 'SAVE_FILE', 'LOGOUT', 'COUNT_VISIT', 'load_campaign']) expect(showsSpinner(action)).toBe(false)
  })
})
