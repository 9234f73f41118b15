import { campaignCreated, campaignUpdated } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

async function saveCampaignRef(
  data: { campaignId: string; title: string; thumbnail: string; gratitude: string | null },
  _event: unknown,
  tx: SqlExecutor,
  schema: string,
): Promise<void> {
  await tx.query(
    `insert into ${ident(schema)}.campaign_refs (id, title, thumbnail, gratitude) values ($1, $2, $3, $4)
     on conflict (id) do update set title = excluded.title, thumbnail = excluded.thumbnail, gratitude = excluded.gratitude`,
    [data.campaignId, data.title, data.thumbnail, data.gratitude],
  )
}

/** Title, thumbnail and gratitude message of each campaign (from the campaign service), for lists and thank-you e-mails. */
export const campaignRefsProjection = typedProjection({
  name: 'campaign-refs',
  tables: ['campaign_refs'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.campaign_refs (id text primary key, title text not null, thumbnail text, gratitude text)`)
  },
  handlers: [on(campaignCreated, saveCampaignRef), on(campaignUpdated, saveCampaignRef)],
})

export interface CampaignRef {
  id: string
  title: string
  thumbnail: string | null
  gratitude: string | null
}

export async function findCampaignRef(db: SqlExecutor, schema: string, id: string): Promise<CampaignRef | undefined> {
  const { rows } = await db.query<CampaignRef>(`select id, title, thumbnail, gratitude from ${ident(schema)}.campaign_refs where id = $1`, [id])
  return rows[0]
}
