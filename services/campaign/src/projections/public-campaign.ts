import { DONOR_WALL_LARGEST, DONOR_WALL_LATEST, type DonorWallEntry } from '@donaciones/contracts'
import { ident, type SqlExecutor } from '@donaciones/kit'
import { shownMessageSql } from './donor-messages.ts'
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

interface WallJson {
  id: string
  name: string | null
  amount: string
  approved_at: string
  message: string | null
}

interface PublicCampaignRow extends CampaignRow {
  category_titles: Record<string, string>
  institution_name: string | null
  comments: CommentJson[]
  donations: DonationJson[]
  wall_latest: WallJson[]
  wall_largest: WallJson[]
}

/** A JSON array of the campaign's donor wall entries, `order` and `limit` choosing which. */
function wallSql(schema: string, order: string, limit: number): string {
  return `(select coalesce(json_agg(w), '[]'::json) from (
      select d.donation_id as id, d.wall_name as name, d.amount::text as amount, d.approved_at, ${shownMessageSql(schema)} as message
      from ${ident(schema)}.campaign_donations d where d.campaign_id = campaigns.id::text order by ${order}, d.donation_id limit ${limit}) w)`
}

function wallEntry(entry: WallJson): DonorWallEntry {
  return { _id: entry.id, name: entry.name, amount: Number(entry.amount), createdAt: new Date(entry.approved_at).toISOString(), message: entry.message }
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
        from ${s}.campaign_donations d where d.campaign_id = campaigns.id::text) as donations,
      ${wallSql(schema, 'd.approved_at desc', DONOR_WALL_LATEST)} as wall_latest,
      ${wallSql(schema, 'd.amount desc, d.approved_at desc', DONOR_WALL_LARGEST)} as wall_largest
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
    donorWall: row.visibility.donorWall === false ? null : { latest: row.wall_latest.map(wallEntry), largest: row.wall_largest.map(wallEntry) },
  }
}
