import { todayInMexico } from '@donaciones/contracts'

/**
 * The body of a campaign open for donations from today, with a goal, a counter, a countdown and
 * comments: what the suites that give to a campaign create through POST /api/campaigns.
 */
export function openCampaignBody(title: string, refs: { thumbnail: string; category: string }): Record<string, unknown> {
  return {
    title,
    description: 'Apoyo a familias de la colonia',
    goal: 100_000,
    duration: 30,
    date: todayInMexico(),
    thumbnail: refs.thumbnail,
    categories: [refs.category],
    content: '<p>Contenido de la campaña</p>',
    visibility: { counter: true, countdown: true, comments: true },
  }
}
