import { todayInMexico } from '@donaciones/contracts'
/** The campaign both benchmarks (server and web) create: an open, realistic public page. */
export function sampleCampaignPayload(thumbnail: string, categoryIds: readonly string[]): Record<string, unknown> {
  return {
    title: 'Útiles para la escuela rural',
    description: 'Mochilas, cuadernos y lápices para 120 niñas y niños',
    goal: 50_000,
    duration: 60,
    date: todayInMexico(),
    thumbnail,
    categories: [...categoryIds],
    institution: null,
    content: `<p>${'Cada donación cuenta. '.repeat(40)}</p>`,
    gratitude: '¡Gracias por sumarte!',
    visibility: { counter: true, countdown: true, comments: true },
  }
}
