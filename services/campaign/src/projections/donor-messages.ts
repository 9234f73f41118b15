import { donorMessageModerated, type DonorWallMessage } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

/**
 * Donor messages an administrator hid from the wall. A table of its own, not a column of the
 * donations: replay applies this service's own events before the donations it receives.
 */
export const donorMessagesProjection = typedProjection({
  name: 'donor-messages',
  tables: ['donor_message_moderation'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.donor_message_moderation (donation_id text primary key, campaign_id text not null, hidden boolean not null)`)
  },
  handlers: [
    on(donorMessageModerated, async (data, _event, tx, schema) => {
      await tx.query(
        `insert into ${ident(schema)}.donor_message_moderation (donation_id, campaign_id, hidden) values ($1, $2, $3)
         on conflict (donation_id) do update set hidden = excluded.hidden`,
        [data.donationId, data.campaignId, data.hidden],
      )
    }),
  ],
})

/** SQL of the message a wall shows for the donation row aliased `d`: null once hidden. */
export function shownMessageSql(schema: string): string {
  return `case when exists (select 1 from ${ident(schema)}.donor_message_moderation m where m.donation_id = d.donation_id and m.hidden) then null else d.message end`
}

/** Every donor message of a campaign, hidden or not, newest first (what administrators moderate). */
export async function donorWallMessages(db: SqlExecutor, schema: string, campaignId: string): Promise<DonorWallMessage[]> {
  const s = ident(schema)
  const { rows } = await db.query<{ id: string; name: string | null; amount: string; approved_at: Date | string; message: string; hidden: boolean | null }>(
    `select d.donation_id as id, d.wall_name as name, d.amount::text as amount, d.approved_at, d.message, m.hidden
     from ${s}.campaign_donations d left join ${s}.donor_message_moderation m on m.donation_id = d.donation_id
     where d.campaign_id = $1 and d.message is not null order by d.approved_at desc, d.donation_id`,
    [campaignId],
  )
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    amount: Number(row.amount),
    createdAt: new Date(row.approved_at).toISOString(),
    message: row.message,
    messageHidden: row.hidden === true,
  }))
}
