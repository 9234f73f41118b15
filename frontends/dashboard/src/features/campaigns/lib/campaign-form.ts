import type { z } from 'zod'
import { campaignInputSchema, type CampaignEditView } from '@donaciones/contracts'
import { todayInMexico } from '@donaciones/web-kit'

export type CampaignSchema = ReturnType<typeof campaignInputSchema>
export type CampaignFormValues = z.input<CampaignSchema>
export type CampaignField = keyof CampaignFormValues

export function emptyCampaign(): CampaignFormValues {
  return {
    title: '',
    subtitle: '',
    description: '',
    goal: undefined,
    duration: 30,
    date: todayInMexico(),
    thumbnail: '',
    categories: [],
    institution: null,
    gratitude: '',
    content: '',
    visibility: { counter: true, countdown: true, comments: true, donorWall: true },
  }
}

/** The edit view as form values (value/label pairs become ids). */
export function campaignToForm(campaign: CampaignEditView): CampaignFormValues {
  return {
    title: campaign.title,
    subtitle: campaign.subtitle ?? '',
    description: campaign.description,
    goal: campaign.goal ?? undefined,
    duration: campaign.duration,
    date: campaign.date,
    thumbnail: campaign.thumbnail._id,
    categories: campaign.categories.map((category) => category.value),
    institution: campaign.institution?.value ?? null,
    gratitude: campaign.gratitude ?? '',
    content: campaign.content,
    visibility: { ...campaign.visibility, donorWall: campaign.visibility.donorWall !== false },
  }
}

export interface CampaignStep {
  title: string
  fields: CampaignField[]
}

/** Spec §2.5: the 4 steps of the wizard (0 to 3). */
export const CAMPAIGN_STEPS: readonly CampaignStep[] = [
  { title: 'Información general', fields: ['title', 'subtitle', 'description', 'thumbnail', 'categories', 'institution'] },
  { title: 'Contenido', fields: ['content'] },
  { title: 'Opciones', fields: ['goal', 'duration', 'date', 'gratitude', 'visibility'] },
  { title: 'Vista previa', fields: [] },
]
