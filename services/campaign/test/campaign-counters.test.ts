import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { campaignEvents } from '@donaciones/contracts'
import { EventStore, ident, replayProjection, runMigrations, type SqlDatabase, setUpProjection } from '@donaciones/kit'
import { databaseEngines, uniqueName } from '@donaciones/kit/testing'
import { engagementRecorder, likeLimit } from '../src/commands/engagement.ts'
import { campaignMigrations } from '../src/migrations.ts'
import { campaignCounterTotal } from '../src/projections/campaign-counters.ts'
import { campaignsProjection } from '../src/projections/campaigns.ts'

describe.each(databaseEngines)('campaign counters committed in groups ($name)', (engine) => {
  let db: SqlDatabase
  let store: EventStore
  const schema = uniqueName('contadores')
  const legacySchema = uniqueName('contadores_previos')

  beforeAll(async () => {
    db = await engine.open()
    store = new EventStore({ db, schema, service: 'campaign', definitions: campaignEvents, projections: [campaignsProjection] })
    await store.init()
    await runMigrations(db, schema, campaignMigrations)
  })
  afterAll(async () => {
    for (const name of [schema, legacySchema]) await db.exec(`drop schema if exists ${ident(name)} cascade`)
    await db.close()
  })

  const consecutive = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index)
  const sorted = (totals: readonly number[]) => [...totals].sort((a, b) => a - b)
  const transactionsOf = async (campaignId: string) => {
    const { rows } = await db.query<{ n: number }>(
      `select count(distinct transaction_id)::integer as n from ${ident(schema)}.events where data->>'campaignId' = $1`,
      [campaignId],
    )
    return rows[0]?.n ?? 0
  }

  const notFound = () => Object.assign(new Error('Campaña no encontrada'), { status: 404 })
  const recorder = () => engagementRecorder(store, notFound)
  /** A campaign as the projection keeps it, public (active and started) unless told otherwise. */
  const campaign = async (active = true) => {
    const [id, slug] = [randomUUID(), `campana-${randomUUID()}`]
    await db.query(
      `insert into ${ident(schema)}.campaigns (id, slug, title, description, content, thumbnail, categories, duration, date, visibility, active,
         search_title, created_at, updated_at)
       values ($1, $2, $2, 'd', 'c', 'm', '[]', 30, '2026-01-01', '{}', $3, $2, now(), now())`,
      [id, slug, active],
    )
    await db.query(`insert into ${ident(schema)}.campaign_slugs (slug, campaign_id) values ($1, $2)`, [slug, id])
    return { id, slug }
  }

  it('counts 500 concurrent visits in a few transactions, each answered a total of its own, consecutive, and the total grows by 500', async () => {
    const engagement = recorder()
    const { id: campaignId, slug } = await campaign()
    const address = (index: number) => `10.1.${Math.floor(index / 250)}.${index % 250}`
    expect(await engagement.visit(slug, 'antes', 'visita-previa')).toBe(1)
    const visits = await Promise.all(consecutive(0, 500).map((index) => engagement.visit(slug, address(index), `visita-${index}`)))
    expect(sorted(visits)).toEqual(consecutive(2, 500))
    expect(await campaignCounterTotal(db, schema, campaignId, 'visits')).toBe(501)
    // One event per visit, but committed together: far fewer transactions than visits.
    expect(await transactionsOf(campaignId)).toBeLessThan(20)
    const likes = await Promise.all(consecutive(0, 200).map((index) => engagement.like(slug, `ip:10.0.0.${index}`, null, `me-gusta-${index}`)))
    expect(sorted(likes)).toEqual(consecutive(1, 200))
    expect(await campaignCounterTotal(db, schema, randomUUID(), 'visits')).toBe(0)
    await replayProjection({ store, projection: campaignsProjection })
    expect(await campaignCounterTotal(db, schema, campaignId, 'visits')).toBe(501)
    expect(await campaignCounterTotal(db, schema, campaignId, 'likes')).toBe(200)
  })

  it('applies the limits in arrival order inside a group: a repeated visit is answered the total and not counted, a like over the limit is refused alone', async () => {
    const engagement = recorder()
    const { id: campaignId, slug } = await campaign()
    const visits = await Promise.all([0, 1, 2, 3].map((index) => engagement.visit(slug, index % 2 === 0 ? '10.9.0.1' : '10.9.0.2', `repetida-${index}`)))
    expect(sorted(visits)).toEqual([1, 2, 2, 2])
    expect(await campaignCounterTotal(db, schema, campaignId, 'visits')).toBe(2)
    const likes = await Promise.allSettled(consecutive(0, likeLimit.perWindow + 2).map((index) => engagement.like(slug, 'ip:10.9.0.3', null, `me-gusta-${index}`)))
    const given = likes.flatMap((like) => (like.status === 'fulfilled' ? [like.value] : []))
    const refused = likes.flatMap((like) => (like.status === 'rejected' ? [like.reason as { status?: number; message?: string }] : []))
    expect(sorted(given)).toEqual(consecutive(1, likeLimit.perWindow))
    expect(refused.map((error) => [error.status, error.message])).toEqual([[429, 'Demasiados me gusta'], [429, 'Demasiados me gusta']])
    expect(await campaignCounterTotal(db, schema, campaignId, 'likes')).toBe(likeLimit.perWindow)
  })

  it('answers 404 for a slug that names no public campaign, alone: the rest of its group is counted', async () => {
    const engagement = recorder()
    const [open, closed] = [await campaign(), await campaign(false)]
    const answers = await Promise.allSettled([
      engagement.visit(open.slug, '10.8.0.1', 'abierta-1'),
      engagement.visit('no-existe', '10.8.0.2', 'inexistente'),
      engagement.like(closed.slug, 'ip:10.8.0.3', null, 'cerrada'),
      engagement.like(open.slug, 'ip:10.8.0.4', null, 'abierta-2'),
    ])
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as { status: number }).status))).toEqual([1, 404, 404, 1])
    expect(await campaignCounterTotal(db, schema, open.id, 'visits')).toBe(1)
    expect(await campaignCounterTotal(db, schema, closed.id, 'likes')).toBe(0)
  })

  it('moves the totals kept in the campaign row into the counters, once', async () => {
    const l = ident(legacySchema)
    const [counted, untouched] = [randomUUID(), randomUUID()]
    // The campaigns table as it was while it kept the totals.
    await db.exec(`create schema ${l};
      create table ${l}.campaigns (
        id uuid primary key, slug text not null unique, title text not null, subtitle text, description text not null,
        content text not null, thumbnail text not null, categories jsonb not null, institution text, goal numeric,
        duration integer not null, date date not null, gratitude text, visibility jsonb not null, active boolean not null,
        likes integer not null default 0, visits integer not null default 0, search_title text not null,
        created_at timestamptz not null, updated_at timestamptz not null)`)
    for (const [id, slug, likes, visits] of [[counted, 'contada', 3, 7], [untouched, 'sin-visitas', 0, 0]] as const) {
      await db.query(
        `insert into ${l}.campaigns (id, slug, title, description, content, thumbnail, categories, duration, date, visibility, active, likes, visits,
           search_title, created_at, updated_at)
         values ($1, $2, $2, 'd', 'c', 'm', '[]', 30, '2026-11-01', '{}', true, $3, $4, $2, now(), now())`,
        [id, slug, likes, visits],
      )
    }
    await setUpProjection(db, legacySchema, campaignsProjection)
    await setUpProjection(db, legacySchema, campaignsProjection)
    expect(await campaignCounterTotal(db, legacySchema, counted, 'visits')).toBe(7)
    expect(await campaignCounterTotal(db, legacySchema, counted, 'likes')).toBe(3)
    expect(await campaignCounterTotal(db, legacySchema, untouched, 'visits')).toBe(0)
    const { rows } = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = $1 and table_name = 'campaigns' and column_name in ('likes', 'visits')`,
      [legacySchema],
    )
    expect(rows).toEqual([])
  })
})
