import { ident, type SqlExecutor } from '@donaciones/kit'
import { campaignColumns, campaignSchedule, publicCampaignSql, summaryOf, type CampaignRow } from './campaign-queries.ts'

interface CommentJson {
  id: string
  comment: string
  author_id: string
  created_at: string
  name: string | null
  last_name: string | null
  picture: string | null
}

interface DonationJson {
  amount: string
  type: 'paypal' | 'conekta' | 'oxxo'
  approved_at: string
}

interface PublicCampaignRow extends CampaignRow {
  category_titles: Record<string, string>
  institution_name: string | null
  comments: CommentJson[]
  donations: DonationJson[]
}

/**
 * The public page of an active campaign in one round trip: the row, its category titles and
 * institution name, its comments (authors joined) and its approved donations, aggregated as JSON
 * by the database. Same document, in the same order, as `toFullCampaign` builds from five queries.
 */
export async function findPublicCampaign(db: SqlExecutor, schema: string, slug: string) {
  const s = ident(schema)
  const { rows } = await db.query<PublicCampaignRow>(
    `select ${campaignColumns(schema)},
      (select coalesce(json_object_agg(k.id::text, k.title), '{}'::json) from ${s}.categories k
        where k.id::text in (select jsonb_array_elements_text(campaigns.categories))) as category_titles,
      (select i.name from ${s}.institutions i where i.id::text = campaigns.institution) as institution_name,
      (select coalesce(json_agg(json_build_object('id', m.id::text, 'comment', m.comment, 'author_id', m.author_id, 'created_at', m.created_at,
          'name', p.name, 'last_name', p.last_name, 'picture', p.picture) order by m.created_at desc, m.id), '[]'::json)
        from ${s}.comments m left join ${s}.people p on p.id = m.author_id where m.campaign_id = campaigns.id) as comments,
      (select coalesce(json_agg(json_build_object('amount', d.amount::text, 'type', d.type, 'approved_at', d.approved_at) order by d.approved_at desc), '[]'::json)
        from ${s}.campaign_donations d where d.campaign_id = campaigns.id::text) as donations
     from ${s}.campaigns where campaigns.id = (select campaign_id from ${s}.campaign_slugs where slug = $1) and ${publicCampaignSql()}`,
    [slug],
  )
  const row = rows[0]
  if (!row) return undefined
  const categoryTitles = new Map(Object.entries(row.category_titles))
  const institutionNames = new Map(row.institution && row.institution_name !== null ? [[row.institution, row.institution_name]] : [])
  return {
    ...summaryOf(row, categoryTitles, institutionNames),
    ...campaignSchedule(row),
    comments: row.comments.map((comment) => ({
      _id: comment.id,
      comment: comment.comment,
      campaign: row.id,
      createdAt: new Date(comment.created_at).toISOString(),
      createdBy: { _id: comment.author_id, name: comment.name ?? '', lastName: comment.last_name ?? '', picture: comment.picture },
    })),
    donations: row.donations.map((donation) => ({
      amount: Number(donation.amount),
      type: donation.type,
      approved: true,
      createdAt: new Date(donation.approved_at).toISOString(),
    })),
  }
}
