import { commentDeleted, commentPosted, type Comment } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

/** Comments of each campaign, newest first; authors' names come from the people table at read time. */
export const commentsProjection = typedProjection({
  name: 'comments',
  tables: ['comments'],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${ident(schema)}.comments (id uuid primary key, campaign_id uuid not null, comment text not null, author_id text not null, created_at timestamptz not null);
      create index if not exists comments_by_campaign on ${ident(schema)}.comments (campaign_id, created_at desc);
    `)
  },
  handlers: [
    on(commentPosted, async (data, event, tx, schema) => {
      await tx.query(`insert into ${ident(schema)}.comments (id, campaign_id, comment, author_id, created_at) values ($1, $2, $3, $4, $5)`, [
        data.commentId,
        data.campaignId,
        data.comment,
        data.authorId,
        event.occurredAt,
      ])
    }),
    on(commentDeleted, async (data, _event, tx, schema) => {
      await tx.query(`delete from ${ident(schema)}.comments where id = $1`, [data.commentId])
    }),
  ],
})

export async function campaignComments(db: SqlExecutor, schema: string, campaignId: string): Promise<Comment[]> {
  const s = ident(schema)
  const { rows } = await db.query<{ id: string; comment: string; author_id: string; created_at: Date | string; name: string | null; last_name: string | null; picture: string | null }>(
    `select c.id::text as id, c.comment, c.author_id, c.created_at, p.name, p.last_name, p.picture
     from ${s}.comments c left join ${s}.people p on p.id = c.author_id
     where c.campaign_id = $1 order by c.created_at desc, c.id`,
    [campaignId],
  )
  return rows.map((row) => ({
    _id: row.id,
    comment: row.comment,
    campaign: campaignId,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: { _id: row.author_id, name: row.name ?? '', lastName: row.last_name ?? '', picture: row.picture },
  }))
}
