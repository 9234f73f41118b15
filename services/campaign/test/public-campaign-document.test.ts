import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { ident, type SqlDatabase, setUpProjection } from '@donaciones/kit'
import { databaseEngines, uniqueName } from '@donaciones/kit/testing'
import { incrementCampaignCounter } from '../src/projections/campaign-counters.ts'
import { findCampaignBySlug, toFullCampaign } from '../src/projections/campaign-queries.ts'
import { campaignsProjection } from '../src/projections/campaigns.ts'
import { catalogProjection } from '../src/projections/catalog.ts'
import { commentsProjection } from '../src/projections/comments.ts'
import { donationTotalsProjection } from '../src/projections/donation-totals.ts'
import { peopleProjection } from '../src/projections/people.ts'
import { donorMessagesProjection } from '../src/projections/donor-messages.ts'
import { findPublicCampaign } from '../src/projections/public-campaign.ts'

/** A timestamp with microseconds, so rounding to milliseconds is exercised. */
function instant(minute: number, micros: number): string {
  return `2026-11-0${1 + (minute % 5)}T10:${String(minute).padStart(2, '0')}:07.${String(micros).padStart(6, '0')}+00`
}

describe.each(databaseEngines)('public campaign document in one query ($name)', (engine) => {
  let db: SqlDatabase
  const schema = uniqueName('campana_publica')
  const s = ident(schema)
  const full = { id: randomUUID(), slug: 'utiles-para-la-escuela' }
  const bare = { id: randomUUID(), slug: 'campana-sin-nada' }
  const inactive = { id: randomUUID(), slug: 'campana-cerrada' }
  const [health, school, missing] = [randomUUID(), randomUUID(), randomUUID()]
  const institution = randomUUID()

  const insertCampaign = async (campaign: { id: string; slug: string }, active: boolean, categories: string[], institutionId: string | null) => {
    await db.query(
      `insert into ${s}.campaigns (id, slug, title, subtitle, description, content, thumbnail, categories, institution, goal, duration, date, gratitude,
        visibility, active, search_title, created_at, updated_at)
       values ($1, $2, $3, null, 'Descripción', '<p>Contenido</p>', $4, $5::jsonb, $6, $7, 30, '2026-11-01', 'Gracias', $8::jsonb, $9, $3, $10, $11)`,
      [campaign.id, campaign.slug, `Campaña ${campaign.slug}`, randomUUID(), JSON.stringify(categories), institutionId, active ? '50000.50' : null,
        JSON.stringify({ counter: true, countdown: true, comments: true }), active, instant(1, 123456), instant(2, 999999)],
    )
    await db.query(`insert into ${s}.campaign_slugs (slug, campaign_id) values ($1, $2)`, [campaign.slug, campaign.id])
  }

  beforeAll(async () => {
    db = await engine.open()
    await db.exec(`create schema if not exists ${s}`)
    for (const projection of [campaignsProjection, catalogProjection, commentsProjection, donationTotalsProjection, donorMessagesProjection, peopleProjection]) await setUpProjection(db, schema, projection)
    for (const [id, title] of [[health, 'Salud'], [school, 'Educación']] as const) {
      await db.query(`insert into ${s}.categories (id, title, description, active, created_at, updated_at) values ($1, $2, 'd', true, now(), now())`, [id, title])
    }
    await db.query(`insert into ${s}.institutions (id, name, description, active, created_at, updated_at) values ($1, 'Hospital Aliado', 'd', true, now(), now())`, [institution])
    await insertCampaign(full, true, [school, missing, health], institution)
    await insertCampaign(bare, true, [], null)
    await insertCampaign(inactive, false, [health], institution)
    await db.query(`insert into ${s}.people (id, name, last_name, picture) values ('u1', 'Ana', 'Pérez', 'foto'), ('u2', 'Luis', 'Gómez', null)`)
    // Two comments at the same instant: the id breaks the tie. One author is unknown.
    const sameInstant = instant(30, 500)
    for (const [author, at] of [['u1', instant(10, 1)], ['u2', sameInstant], ['u1', sameInstant], ['desconocido', instant(40, 999500)]] as const) {
      await db.query(`insert into ${s}.comments (id, campaign_id, comment, author_id, created_at) values ($1, $2, $3, $4, $5)`, [randomUUID(), full.id, `Comentario de ${author}`, author, at])
    }
    // The donor wall: a named donor with a message, an anonymous one, one whose message is hidden.
    for (const [amount, type, at, name, message] of [
      ['100', 'conekta', instant(11, 250), 'Ana P.', 'Con cariño'],
      ['250.75', 'paypal', instant(12, 999999), null, null],
      ['0.1', 'oxxo', instant(13, 1), null, 'Ánimo'],
    ] as const) {
      const donationId = randomUUID()
      await db.query(`insert into ${s}.campaign_donations (donation_id, campaign_id, amount, type, approved_at, wall_name, message) values ($1, $2, $3, $4, $5, $6, $7)`, [
        donationId, full.id, amount, type, at, name, message,
      ])
      // An administrator hid the 'Ánimo' message.
      if (message === 'Ánimo') await db.query(`insert into ${s}.donor_message_moderation (donation_id, campaign_id, hidden) values ($1, $2, true)`, [donationId, full.id])
    }
    for (const counter of ['likes', 'visits', 'visits'] as const) await incrementCampaignCounter(db, schema, full.id, counter)
  })
  afterAll(async () => {
    await db?.exec(`drop schema if exists ${s} cascade`)
    await db?.close()
  })

  const composed = async (slug: string) => {
    const row = await findCampaignBySlug(db, schema, slug, true)
    return row ? toFullCampaign(db, schema, row) : undefined
  }

  it('answers exactly the document the per-part queries compose', async () => {
    const document = await findPublicCampaign(db, schema, full.slug)
    expect(document).toEqual(await composed(full.slug))
    expect(document?.categories.map((category) => category.title)).toEqual(['Educación', '', 'Salud'])
    expect(document?.institution).toEqual({ _id: institution, name: 'Hospital Aliado' })
    expect(document?.comments.map((comment) => comment.createdBy.name)).toHaveLength(4)
    expect(document?.comments[0]?.createdBy).toEqual({ _id: 'desconocido', name: '', lastName: '', picture: null })
    expect(document?.donations.map((donation) => donation.amount)).toEqual([0.1, 250.75, 100])
    expect(document?.donorWall?.latest.map(({ name, amount, message }) => ({ name, amount, message }))).toEqual([
      { name: null, amount: 0.1, message: null },
      { name: null, amount: 250.75, message: null },
      { name: 'Ana P.', amount: 100, message: 'Con cariño' },
    ])
    expect(document?.donorWall?.largest.map(({ amount }) => amount)).toEqual([250.75, 100, 0.1])
    expect(document).toMatchObject({ likes: 1, visits: 2, goal: 50000.5 })
  })

  it('answers a campaign without categories, institution, comments or donations the same way', async () => {
    const document = await findPublicCampaign(db, schema, bare.slug)
    expect(document).toEqual(await composed(bare.slug))
    expect(document).toMatchObject({ categories: [], institution: null, comments: [], donations: [], donorWall: { latest: [], largest: [] }, likes: 0, visits: 0 })
  })

  it('finds neither an inactive campaign nor an unknown slug', async () => {
    expect(await findPublicCampaign(db, schema, inactive.slug)).toBeUndefined()
    expect(await findPublicCampaign(db, schema, 'no-existe')).toBeUndefined()
  })
})
