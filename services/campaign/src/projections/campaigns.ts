import {
  searchKey,
  campaignActivationToggled,
  campaignCreated,
  campaignLiked,
  campaignUpdated,
  campaignVisited,
  type EventEnvelope,
} from '@donaciones/contracts'
import { ident, isEvent, on, typedProjection, type Projection } from '@donaciones/kit'
import { addToCampaignCounters, counterTable, countersFromCampaignColumns, createCampaignCounters, incrementCampaignCounter, type CounterIncrement } from './campaign-counters.ts'

/** Campaigns as the admin and public reads need them; every slug a campaign ever had keeps resolving. */
const campaignsByEvent = typedProjection({
  name: 'campaigns',
  tables: ['campaigns', 'campaign_slugs', counterTable],
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.campaigns (
        id uuid primary key, slug text not null unique, title text not null, subtitle text, description text not null,
        content text not null, thumbnail text not null, categories jsonb not null, institution text, goal numeric,
        duration integer not null, date date not null, gratitude text, visibility jsonb not null, active boolean not null,
        search_title text not null,
        created_at timestamptz not null, updated_at timestamptz not null);
      create unique index if not exists campaigns_title_unique on ${s}.campaigns (lower(title));
      create index if not exists campaigns_newest on ${s}.campaigns (created_at desc);
      create table if not exists ${s}.campaign_slugs (slug text primary key, campaign_id uuid not null);
    `)
    await createCampaignCounters(db, schema)
  },
  migrations: [countersFromCampaignColumns],
  handlers: [
    on(campaignCreated, async (data, event, tx, schema) => {
      const s = ident(schema)
      await tx.query(
        `insert into ${s}.campaigns (id, slug, title, subtitle, description, content, thumbnail, categories, institution, goal,
           duration, date, gratitude, visibility, active, search_title, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $17)`,
        [data.campaignId, data.slug, data.title, data.subtitle, data.description, data.content, data.thumbnail, JSON.stringify(data.categories),
          data.institution, data.goal, data.duration, data.date, data.gratitude, JSON.stringify(data.visibility), data.active,
          searchKey(data.title), event.occurredAt],
      )
      await tx.query(`insert into ${s}.campaign_slugs (slug, campaign_id) values ($1, $2)`, [data.slug, data.campaignId])
    }),
    on(campaignUpdated, async (data, event, tx, schema) => {
      await tx.query(
        `update ${ident(schema)}.campaigns set title = $2, subtitle = $3, description = $4, content = $5, thumbnail = $6, categories = $7::jsonb,
           institution = $8, goal = $9, duration = $10, date = $11, gratitude = $12, visibility = $13::jsonb, search_title = $14, updated_at = $15
         where id = $1`,
        [data.campaignId, data.title, data.subtitle, data.description, data.content, data.thumbnail, JSON.stringify(data.categories),
          data.institution, data.goal, data.duration, data.date, data.gratitude, JSON.stringify(data.visibility), searchKey(data.title), event.occurredAt],
      )
    }),
    on(campaignActivationToggled, async (data, event, tx, schema) => {
      await tx.query(`update ${ident(schema)}.campaigns set active = $2, updated_at = $3 where id = $1`, [data.campaignId, data.active, event.occurredAt])
    }),
    on(campaignVisited, (data, _event, tx, schema) => incrementCampaignCounter(tx, schema, data.campaignId, 'visits')),
    on(campaignLiked, (data, _event, tx, schema) => incrementCampaignCounter(tx, schema, data.campaignId, 'likes')),
  ],
})

function counterIncrementOf(event: EventEnvelope): CounterIncrement | undefined {
  if (isEvent(campaignVisited, event)) return { campaignId: event.data.campaignId, counter: 'visits', by: 1 }
  if (isEvent(campaignLiked, event)) return { campaignId: event.data.campaignId, counter: 'likes', by: 1 }
  return undefined
}

/**
 * A run of visits and likes (a group committed together, a replay) adds to each counter once;
 * any other event is applied on its own, after the increments before it.
 */
export const campaignsProjection: Projection = {
  ...campaignsByEvent,
  async applyBatch(tx, events, schema) {
    let increments: CounterIncrement[] = []
    for (const event of events) {
      const increment = counterIncrementOf(event)
      if (increment) {
        increments.push(increment)
        continue
      }
      await addToCampaignCounters(tx, schema, increments)
      increments = []
      await campaignsByEvent.apply(tx, event, schema)
    }
    await addToCampaignCounters(tx, schema, increments)
  },
}
