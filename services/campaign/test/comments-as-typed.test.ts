import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignEvents, commentPosted } from '@donaciones/contracts'
import { EventStore, ident, newEvent, replayProjection, runMigrations, type SqlDatabase, setUpProjection } from '@donaciones/kit'
import { databaseEngines, testMetadata, uniqueName } from '@donaciones/kit/testing'
import { campaignMigrations } from '../src/migrations.ts'
import { campaignComments, commentsProjection } from '../src/projections/comments.ts'
import { peopleProjection } from '../src/projections/people.ts'

/** How the comment command stored a comment in CommentPosted v1. */
function escapedAsV1(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string)
}

const typedInV1 = ['Tom & Jerry <b>negritas</b>', `"comillas" & 'apóstrofos'`, 'Escribí &lt;b&gt; a mano', 'sin nada especial']
// A v2 comment is stored as typed: whoever types "&amp;" keeps it.
const typedInV2 = 'Ahora escribo &amp; y <i>sin miedo</i>'

describe.each(databaseEngines)('comments stored HTML-escaped by CommentPosted v1 read as typed ($name)', (engine) => {
  let db: SqlDatabase
  const schemas: string[] = []

  beforeAll(async () => {
    db = await engine.open()
  })
  afterAll(async () => {
    for (const schema of schemas) await db.exec(`drop schema if exists ${ident(schema)} cascade`)
    await db.close()
  })

  /** A campaign log as the service kept it before v2: v1 events and the escaped rows their projection wrote, and one v2 comment. */
  async function logWithV1Comments(): Promise<{ store: EventStore; campaignId: string }> {
    const schema = uniqueName('comentarios')
    schemas.push(schema)
    const store = new EventStore({ db, schema, service: 'campaign', definitions: campaignEvents, projections: [commentsProjection] })
    await store.init()
    await setUpProjection(db, schema, peopleProjection)
    const campaignId = randomUUID()
    const s = ident(schema)
    for (const [index, typed] of typedInV1.entries()) {
      const commentId = randomUUID()
      const data = { commentId, campaignId, comment: escapedAsV1(typed), authorId: randomUUID() }
      await db.query(
        `insert into ${s}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata) values ($1, 1, $2, 'CommentPosted', 1, $3, $4)`,
        [`comment-${commentId}`, randomUUID(), JSON.stringify(data), JSON.stringify(testMetadata)],
      )
      await db.query(`insert into ${s}.comments (id, campaign_id, comment, author_id, created_at) values ($1, $2, $3, $4, $5)`, [
        commentId,
        campaignId,
        data.comment,
        data.authorId,
        new Date(Date.UTC(2025, 0, 1, 12, index)).toISOString(),
      ])
    }
    const commentId = randomUUID()
    await store.append(`comment-${commentId}`, [newEvent(commentPosted, { commentId, campaignId, comment: typedInV2, authorId: randomUUID() })], { expectedVersion: 0, metadata: testMetadata })
    return { store, campaignId }
  }

  // Sorted: a rebuilt row's time is its event's, and these events were written in the same instant.
  const texts = async (store: EventStore, campaignId: string) => (await campaignComments(db, store.schema, campaignId)).map((comment) => comment.comment).sort()
  const expected = [typedInV2, ...typedInV1].sort()

  it('the log holds v1 as written; reading it upcasts, a v2 event is read unchanged', async () => {
    const { store, campaignId } = await logWithV1Comments()
    const { rows } = await db.query<{ schema_version: number; comment: string }>(
      `select schema_version, data->>'comment' as comment from ${ident(store.schema)}.events where type = 'CommentPosted' order by global_position`,
    )
    expect(rows).toEqual([...typedInV1.map((typed) => ({ schema_version: 1, comment: escapedAsV1(typed) })), { schema_version: 2, comment: typedInV2 }])
    // readAll shows an event once no older transaction on the server can still commit: another test
    // file's open transaction on the shared PostgreSQL may hold the newest back for a moment.
    const read = async () => (await store.readAll()).events.filter((event) => event.type === 'CommentPosted').map((event) => [event.v, (event.data as { comment: string }).comment])
    await expect.poll(read).toEqual([...typedInV1.map((typed) => [2, typed]), [2, typedInV2]])
    expect(await texts(store, campaignId)).toEqual([typedInV2, ...typedInV1.map(escapedAsV1)].sort())
  })

  it('a replay of the comments projection shows every comment as typed', async () => {
    const { store, campaignId } = await logWithV1Comments()
    await replayProjection({ store, projection: commentsProjection })
    expect(await texts(store, campaignId)).toEqual(expected)
  })

  it("the service's migration shows them as typed without a replay, once, and a replay after it changes nothing", async () => {
    const { store, campaignId } = await logWithV1Comments()
    await runMigrations(db, store.schema, campaignMigrations)
    expect(await texts(store, campaignId)).toEqual(expected)
    await replayProjection({ store, projection: commentsProjection })
    expect(await texts(store, campaignId)).toEqual(expected)
  })

  it('the migration leaves alone rows a replay already rebuilt (never unescapes twice)', async () => {
    const { store, campaignId } = await logWithV1Comments()
    await replayProjection({ store, projection: commentsProjection })
    await runMigrations(db, store.schema, campaignMigrations)
    expect(await texts(store, campaignId)).toEqual(expected)
  })
})
