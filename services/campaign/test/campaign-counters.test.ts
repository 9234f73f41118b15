import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { campaignEvents } from '@donaciones/contracts'
import { EventStore, ident, replayProjection, runMigrations, type SqlDatabase } from '@donaciones/kit'
import { databaseEngines, uniqueName } from '@donaciones/kit/testing'
import { recordCampaignLike, recordCampaignVisit } from '../src/commands/engagement.ts'
import { campaignMigrations } from '../src/migrations.ts'
import { campaignCounterTotal, counterShards, counterTable } from '../src/projections/campaign-counters.ts'
import { campaignsProjection } from '../src/projections/campaigns.ts'

describe.each(databaseEngines)('sharded campaign counters ($name)', (engine) => {
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

  it('counts 200 parallel visits and 200 parallel likes exactly, each answering a total of its own', async () => {
    const campaignId = randomUUID()
    const visits = await Promise.all(Array.from({ length: 200 }, (_, index) => recordCampaignVisit(store, campaignId, `10.1.${Math.floor(index / 250)}.${index % 250}`, `visita-${index}`)))
    const likes = await Promise.all(
      Array.from({ length: 200 }, (_, index) => recordCampaignLike(store, campaignId, `ip:10.0.0.${index}`, null, `me-gusta-${index}`)),
    )
    // The counter serializes the increments of a campaign: every request answers a total of its own.
    const oneToTwoHundred = Array.from({ length: 200 }, (_, index) => index + 1)
    expect([...visits].sort((a, b) => a - b)).toEqual(oneToTwoHundred)
    expect([...likes].sort((a, b) => a - b)).toEqual(oneToTwoHundred)
    expect(await campaignCounterTotal(db, schema, campaignId, 'visits')).toBe(200)
    expect(await campaignCounterTotal(db, schema, campaignId, 'likes')).toBe(200)
    const { rows } = await db.query<{ largest: number }>(
      `select max(shard)::integer as largest from ${ident(schema)}.${counterTable} where campaign_id = $1`,
      [campaignId],
    )
    expect(rows[0]?.largest).toBeLessThan(counterShards)
    expect(await campaignCounterTotal(db, schema, randomUUID(), 'visits')).toBe(0)
    await replayProjection({ store, projection: campaignsProjection })
    expect(await campaignCounterTotal(db, schema, campaignId, 'visits')).toBe(200)
    expect(await campaignCounterTotal(db, schema, campaignId, 'likes')).toBe(200)
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
    await campaignsProjection.setup(db, legacySchema)
    await campaignsProjection.setup(db, legacySchema)
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
