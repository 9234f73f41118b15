import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DONOR_MESSAGE_CONTROL_CHARACTERS, DONOR_MESSAGE_LINE_BREAK, DONOR_MESSAGE_STACKED_MARKS } from '../messages.ts'
import { donorMessageProblem } from './donor-message.ts'
import { donorWallChoiceShape } from './donor-wall.ts'

const bidiControls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']
const lineBreaks = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029']

describe('a donor message is one short plain paragraph', () => {
  it('accepts ordinary Spanish, punctuation, emoji and accents typed either way', () => {
    for (const message of [
      '¡Ánimo, vecinos! Con cariño para la escuela 💛',
      'Niñas y niños: "sí se puede" — 100 % de corazón.',
      'Cafe\u0301 con pan', // é typed as e + a combining acute
      'Việt Nam',
      'Vie\u0323\u0302t Nam', // ệ decomposed: two marks on one letter
      'שָׁלוֹם', // Hebrew with points
      '👩🏽‍⚕️ 1️⃣ gracias',
      'Tom & Jerry <b>negritas</b>',
      'texto\tcon tabulador'.replace('\t', ' '),
    ]) {
      expect({ message, problem: donorMessageProblem(message) }).toEqual({ message, problem: null })
    }
  })

  it('refuses every kind of line break', () => {
    for (const lineBreak of lineBreaks) expect(donorMessageProblem(`Primera${lineBreak}segunda`)).toBe(DONOR_MESSAGE_LINE_BREAK)
    expect(donorMessageProblem(`Uno${'\n'.repeat(100)}dos`)).toBe(DONOR_MESSAGE_LINE_BREAK)
  })

  it('refuses the bidirectional embeddings, overrides and isolates, and other control characters', () => {
    for (const control of bidiControls) expect(donorMessageProblem(`Gracias ${control}etnanod`)).toBe(DONOR_MESSAGE_CONTROL_CHARACTERS)
    for (const control of ['\u0000', '\u0007', '\t', '\u001b', '\u007f', '\u009b']) expect(donorMessageProblem(`a${control}b`)).toBe(DONOR_MESSAGE_CONTROL_CHARACTERS)
  })

  it('refuses more than three combining marks on one character, however many characters carry three', () => {
    // x has no precomposed form with these marks: NFC keeps all of them apart.
    expect(donorMessageProblem('x\u0301\u0308\u0323')).toBeNull()
    expect(donorMessageProblem('x\u0301\u0308\u0323 q\u0301\u0308\u0323 w\u0301\u0308\u0323')).toBeNull()
    expect(donorMessageProblem('x\u0301\u0308\u0323\u0330')).toBe(DONOR_MESSAGE_STACKED_MARKS)
    // An accent typed apart counts as the letter it composes with: á + three marks is fine.
    expect(donorMessageProblem('a\u0301\u0308\u0323\u0330')).toBeNull()
    expect(donorMessageProblem(`Z${'\u0336'.repeat(300)}algo`)).toBe(DONOR_MESSAGE_STACKED_MARKS)
  })
})

describe('the message of a donation request', () => {
  const choice = z.object(donorWallChoiceShape)
  const messagesOf = (message: string) => choice.safeParse({ message }).error?.issues.map((issue) => [issue.path.join('.'), issue.message])

  it('is refused in Spanish, on the message field', () => {
    expect(messagesOf('Hola\nmundo')).toEqual([['message', DONOR_MESSAGE_LINE_BREAK]])
    expect(messagesOf('Hola \u202emundo')).toEqual([['message', DONOR_MESSAGE_CONTROL_CHARACTERS]])
    expect(messagesOf(`Hola${'\u0301'.repeat(200)}`)).toEqual([['message', DONOR_MESSAGE_STACKED_MARKS]])
  })

  it('trims line breaks at the ends before judging (a pasted message often ends in one)', () => {
    expect(choice.parse({ message: '\n  Con cariño \r\n' })).toEqual({ message: 'Con cariño' })
  })
})
