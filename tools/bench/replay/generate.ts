import { randomBytes } from 'node:crypto'
import { ident, type SqlDatabase } from '@donaciones/kit'
import { legalPages, type AuditLogMix } from './mix.ts'
import {
  adminPermissions,
  campaignTemplate,
  categoryTemplate,
  causeNames,
  configurationTemplate,
  donationTemplate,
  firstNames,
  historicalCauses,
  institutionTemplate,
  lastNames,
  pageTemplate,
  userTemplate,
  visitTemplate,
} from './templates.ts'

export interface GeneratedLog {
  /** When the generated history starts and ends (two years up to yesterday). */
  from: Date
  to: Date
}

const day = 24 * 60 * 60 * 1000

/**
 * Writes the audit service's log straight in SQL, in the shape the store and the consumer give
 * it: own events one transaction each (real, distinct transaction ids; positions and stream
 * versions as an append assigns them) and the inbox in receive order with the producers'
 * envelopes. The tables must exist (`EventStore.init`).
 */
export async function generateAuditLog(db: SqlDatabase, schema: string, mix: AuditLogMix): Promise<GeneratedLog> {
  const to = new Date(Date.now() - day)
  const from = new Date(to.getTime() - 730 * day)
  await generateInbox(db, schema, mix, from, to)
  await generateVisits(db, schema, mix.visits, from, to)
  await db.exec(`vacuum analyze ${ident(schema)}.events`)
  await db.exec(`vacuum analyze ${ident(schema)}.inbox`)
  return { from, to }
}

function int(value: number): string {
  if (!Number.isInteger(value) || value < 0) throw new Error(`Se esperaba un entero no negativo: ${value}`)
  return String(value)
}

/**
 * One visit per transaction, like POST /counters/visits: a procedure commits after each insert
 * (with synchronous_commit off for this session only), which is far quicker than a round trip each.
 */
async function generateVisits(db: SqlDatabase, schema: string, visits: number, from: Date, to: Date): Promise<void> {
  const s = ident(schema)
  const procedure = `${s}.generate_visits`
  const spanSeconds = (to.getTime() - from.getTime()) / 1000
  await db.exec(`
    create or replace procedure ${procedure}(total integer, starts timestamptz, span_seconds float8) language plpgsql as $$
    begin
      for i in 1..total loop
        insert into ${s}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at)
        values ('visit-' || gen_random_uuid(), 1, gen_random_uuid(), 'VisitRecorded', 1, '${JSON.stringify(visitTemplate)}'::jsonb,
                jsonb_build_object('actor', null, 'correlationId', gen_random_uuid()::text),
                starts + make_interval(secs => span_seconds * (i - 0.5) / total));
        commit;
      end loop;
    end $$`)
  await db.session(async (connection) => {
    await connection.exec('set synchronous_commit = off')
    try {
      await connection.exec(`call ${procedure}(${int(visits)}, '${from.toISOString()}', ${spanSeconds})`)
    } finally {
      await connection.exec('reset synchronous_commit')
    }
  })
  await db.exec(`drop procedure ${procedure}`)
}

/**
 * The consumed events, one insert in receive order. Every entity is created before it changes,
 * donations and edits fall after their campaign or user exists, and the same people come back.
 */
async function generateInbox(db: SqlDatabase, schema: string, mix: AuditLogMix, from: Date, to: Date): Promise<void> {
  const salt = randomBytes(6).toString('hex')
  const params: unknown[] = [
    from.toISOString(),
    (to.getTime() - from.getTime()) / 1000,
    salt,
    JSON.stringify(configurationTemplate),
    JSON.stringify(userTemplate),
    JSON.stringify(pageTemplate),
    JSON.stringify(institutionTemplate),
    JSON.stringify(categoryTemplate),
    JSON.stringify(campaignTemplate),
    JSON.stringify(donationTemplate),
    JSON.stringify(adminPermissions),
    [...historicalCauses],
    [...firstNames],
    [...lastNames],
    [...causeNames],
  ]
  // A deterministic spread in [0, 1) and the helpers every part below shares.
  const h = (x: string) => `((((${x})::bigint * 2654435761) % 1000003)::float8 / 1000003)`
  const at = (fraction: string) => `($1::timestamptz + make_interval(secs => (${fraction}) * $2::float8))`
  const id = (kind: string, key: string) => `md5($3 || ':${kind}:' || (${key}))::uuid::text`
  const meta = (actor: string) => `jsonb_build_object('actor', ${actor}, 'correlationId', gen_random_uuid()::text)`
  const metaWhy = (actor: string, key: string) =>
    `(${meta(actor)} || jsonb_build_object('historical', jsonb_build_object('cause', ($12::text[])[1 + (${key}) % ${historicalCauses.length}], 'description', 'Cambio solicitado por el equipo, folio ' || (${key}))))`
  const pick = (array: string, length: number, key: string) => `(${array}::text[])[1 + (${key}) % ${length}]`
  const admins = mix.admins + 1
  const admin = (key: string) => id('admin', `(${key}) % ${admins}`)
  // Creation moment (fraction of the span) of the k-th entity of each kind, and a later moment.
  const institutionAt = (k: string) => `(0.3 * ((${k}) - 1) / ${int(mix.institutions)} + 0.0001)`
  const categoryAt = (k: string) => `(0.3 * ((${k}) - 1) / ${int(mix.categories)} + 0.0002)`
  const campaignAt = (k: string) => `(0.02 + 0.9 * ((${k}) - 1) / ${int(mix.campaigns)})`
  const userAt = (k: string) => `(((${k}) - 0.5) / ${int(mix.siteUsers)})`
  const after = (created: string, key: string) => `(${created} + ${h(key)} * (0.9999 - ${created}))`
  const userName = (k: string) => `${pick('$13', firstNames.length, k)}`
  const userLastName = (k: string) => `${pick('$14', lastNames.length, `(${k}) / 7`)}`
  const userEmail = (k: string) => `'usuario' || (${k}) || '@correo.mx'`

  const parts = [
    // Setup wizard: configuration, first administrator, legal pages.
    `select ${at('0')} as happened, 'content' as service, 'ConfigurationCreated' as type, 'configuration-' || ${id('configuration', '1')} as stream,
       $4::jsonb || jsonb_build_object('configurationId', ${id('configuration', '1')}) as data, ${meta(admin('0'))} as metadata`,
    `select ${at('0')} + interval '1 second', 'identity', 'UserCreated', 'user-' || ${admin('0')},
       $5::jsonb || jsonb_build_object('userId', ${admin('0')}, 'name', 'Ana', 'lastName', 'Torres', 'email', 'admin@manosqueayudan.org.mx',
         'role', 0, 'origin', 'setup'), ${meta('null')}`,
    `select ${at('0')} + make_interval(secs => 2 + k), 'content', 'PageCreated', 'page-' || ${id('page', 'k')},
       $6::jsonb || jsonb_build_object('pageId', ${id('page', 'k')}, 'name', (array['about-us', 'notice-of-privacy', 'terms-and-conditions'])[k],
         'title', (array['Quiénes somos', 'Aviso de privacidad', 'Términos y condiciones'])[k]), ${meta(admin('0'))}
     from generate_series(1, ${legalPages}) k`,
    // Restricted administrators, then site users signing up with a social account.
    `select ${at(`0.02 * k / ${admins}`)}, 'identity', 'UserCreated', 'user-' || ${admin('k')},
       $5::jsonb || jsonb_build_object('userId', ${admin('k')}, 'name', ${userName('k')}, 'lastName', ${userLastName('k + 3')},
         'email', 'admin' || k || '@manosqueayudan.org.mx', 'role', 1, 'permissions', $11::jsonb, 'changePassword', true, 'origin', 'admin'),
       ${meta(admin('0'))}
     from generate_series(1, ${int(mix.admins)}) k`,
    `select ${at(userAt('k'))}, 'identity', 'UserCreated', 'user-' || ${id('user', 'k')},
       $5::jsonb || jsonb_build_object('userId', ${id('user', 'k')}, 'name', ${userName('k')}, 'lastName', ${userLastName('k')},
         'email', ${userEmail('k')}, 'picture', 'https://lh3.googleusercontent.com/a/' || k, 'origin', (array['google', 'facebook'])[1 + k % 2]),
       ${meta('null')}
     from generate_series(1, ${int(mix.siteUsers)}) k`,
    `select ${at(after(userAt('u'), 'j * 17 + 5'))}, 'identity', 'UserProfileUpdated', 'user-' || ${id('user', 'u')},
       jsonb_build_object('userId', ${id('user', 'u')}, 'name', ${userName('u')}, 'lastName', ${userLastName('u')}, 'email', ${userEmail('u')},
         'thumbnail', ${id('file', `'perfil-' || j`)}), ${meta(id('user', 'u'))}
     from generate_series(1, ${int(mix.profileUpdates)}) j, lateral (select 1 + (j * 37) % ${int(mix.siteUsers)} as u) target`,
    `select ${at(after(userAt('u'), 'j * 19 + 11'))}, 'identity',
       (array['UserUpdated', 'UserActivationToggled', 'UserRoleChanged', 'UserPermissionsChanged'])[1 + j % 4], 'user-' || ${id('user', 'u')},
       case j % 4
         when 0 then jsonb_build_object('userId', ${id('user', 'u')}, 'name', ${userName('u')}, 'lastName', ${userLastName('u + 1')},
           'email', ${userEmail('u')}, 'thumbnail', null, 'picture', null)
         when 1 then jsonb_build_object('userId', ${id('user', 'u')}, 'active', j % 8 <> 1)
         when 2 then jsonb_build_object('userId', ${id('user', 'u')}, 'previousRole', 2, 'role', 1)
         else jsonb_build_object('userId', ${id('user', 'u')}, 'permissions', $11::jsonb)
       end, ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.userChanges)}) j, lateral (select 1 + (j * 53) % ${int(mix.siteUsers)} as u) target`,
    // Institutions and categories, created early and edited now and then.
    `select ${at(institutionAt('k'))}, 'campaign', 'InstitutionCreated', 'institution-' || ${id('institution', 'k')},
       $7::jsonb || jsonb_build_object('institutionId', ${id('institution', 'k')}, 'name', 'Institución ' || k || ' ' || ${pick('$15', causeNames.length, 'k')}),
       ${meta(admin('k'))}
     from generate_series(1, ${int(mix.institutions)}) k`,
    `select ${at(after(institutionAt('k'), 'j * 23 + 1'))}, 'campaign',
       case when j % 2 = 0 then 'InstitutionUpdated' else 'InstitutionActivationToggled' end, 'institution-' || ${id('institution', 'k')},
       case when j % 2 = 0
         then jsonb_build_object('institutionId', ${id('institution', 'k')}, 'name', 'Institución ' || k || ' (rev. ' || j || ')', 'description', $7::jsonb->'description')
         else jsonb_build_object('institutionId', ${id('institution', 'k')}, 'active', j % 4 <> 1)
       end, ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.institutionChanges)}) j, lateral (select 1 + (j - 1) % ${int(mix.institutions)} as k) target`,
    `select ${at(categoryAt('k'))}, 'campaign', 'CategoryCreated', 'category-' || ${id('category', 'k')},
       $8::jsonb || jsonb_build_object('categoryId', ${id('category', 'k')}, 'title', ${pick('$15', causeNames.length, 'k')} || ' ' || k),
       ${meta(admin('k'))}
     from generate_series(1, ${int(mix.categories)}) k`,
    `select ${at(after(categoryAt('k'), 'j * 29 + 2'))}, 'campaign',
       case when j % 2 = 0 then 'CategoryUpdated' else 'CategoryActivationToggled' end, 'category-' || ${id('category', 'k')},
       case when j % 2 = 0
         then jsonb_build_object('categoryId', ${id('category', 'k')}, 'title', 'Categoría ' || k || ' (rev. ' || j || ')', 'description', $8::jsonb->'description')
         else jsonb_build_object('categoryId', ${id('category', 'k')}, 'active', j % 4 <> 1)
       end, ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.categoryChanges)}) j, lateral (select 1 + (j - 1) % ${int(mix.categories)} as k) target`,
    // Campaigns through the two years, each edited and switched a few times.
    `select ${at(campaignAt('k'))}, 'campaign', 'CampaignCreated', 'campaign-' || ${id('campaign', 'k')},
       $9::jsonb || jsonb_build_object('campaignId', ${id('campaign', 'k')}, 'slug', 'campana-' || k,
         'title', 'Campaña ' || k || ': ' || ${pick('$15', causeNames.length, 'k')}, 'thumbnail', ${id('file', `'portada-' || k`)},
         'categories', jsonb_build_array(${id('category', `1 + k % ${int(mix.categories)}`)}),
         'institution', ${id('institution', `1 + k % ${int(mix.institutions)}`)}, 'goal', 50000 + (k % 20) * 10000), ${meta(admin('k'))}
     from generate_series(1, ${int(mix.campaigns)}) k`,
    `select ${at(after(campaignAt('k'), 'j * 13 + 3'))}, 'campaign', 'CampaignUpdated', 'campaign-' || ${id('campaign', 'k')},
       ($9::jsonb - 'active') || jsonb_build_object('campaignId', ${id('campaign', 'k')}, 'slug', 'campana-' || k,
         'title', 'Campaña ' || k || ': ' || ${pick('$15', causeNames.length, 'k')} || ' (rev. ' || j || ')', 'thumbnail', ${id('file', `'portada-' || k`)},
         'categories', jsonb_build_array(${id('category', `1 + k % ${int(mix.categories)}`)}),
         'institution', ${id('institution', `1 + k % ${int(mix.institutions)}`)}, 'goal', 60000 + (j % 20) * 10000), ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.campaignUpdates)}) j, lateral (select 1 + (j - 1) % ${int(mix.campaigns)} as k) target`,
    `select ${at(after(campaignAt('k'), 'j * 41 + 9'))}, 'campaign', 'CampaignActivationToggled', 'campaign-' || ${id('campaign', 'k')},
       jsonb_build_object('campaignId', ${id('campaign', 'k')}, 'active', j % 3 <> 0), ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.campaignToggles)}) j, lateral (select 1 + (j - 1) % ${int(mix.campaigns)} as k) target`,
    // Later edits of the site's configuration and legal pages.
    `select ${at(`0.05 + 0.9 * j / ${int(mix.configurationUpdates)}`)}, 'content', 'ConfigurationUpdated', 'configuration-' || ${id('configuration', '1')},
       $4::jsonb || jsonb_build_object('configurationId', ${id('configuration', '1')},
         'settings', ($4::jsonb->'settings') || jsonb_build_object('name', 'Fundación Manos que Ayudan ' || j), 'secretsChanged', '[]'::jsonb),
       ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.configurationUpdates)}) j`,
    `select ${at(`0.05 + 0.9 * j / ${int(mix.pageChanges)}`)}, 'content',
       case when j % 3 = 0 then 'PageActivationToggled' else 'PageUpdated' end, 'page-' || ${id('page', `1 + j % ${legalPages}`)},
       case when j % 3 = 0
         then jsonb_build_object('pageId', ${id('page', `1 + j % ${legalPages}`)}, 'active', j % 2 = 0)
         else jsonb_build_object('pageId', ${id('page', `1 + j % ${legalPages}`)}, 'description', '<p>Texto revisado, versión ' || j || '.</p>')
       end, ${metaWhy(admin('j'), 'j')}
     from generate_series(1, ${int(mix.pageChanges)}) j`,
    // Approved donations: 55% card (Conekta), 30% PayPal, 15% OXXO; some donors with an account.
    `select ${at('d.moment')}, 'donation', 'DonationApproved', 'donation-' || ${id('donation', 'i')},
       $10::jsonb || jsonb_build_object('donationId', ${id('donation', 'i')}, 'campaignId', ${id('campaign', 'd.k')},
         'amount', d.amount, 'fee', round(d.amount * d.rate + d.fixed, 2)::float8, 'type', d.channel,
         'donor', case when d.u is null
           then jsonb_build_object('email', case when i % 4 = 0 then ' Donante' || d.e || '@Correo.MX ' else 'donante' || d.e || '@correo.mx' end,
             'name', 'Donante ' || d.e)
           else jsonb_build_object('email', ${userEmail('d.u')}, 'name', ${userName('d.u')} || ' ' || ${userLastName('d.u')}) end,
         'userId', case when d.u is null then null else ${id('user', 'd.u')} end,
         'approvedAt', to_char(${at('d.moment')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       ${meta(`case when d.u is null then null else ${id('user', 'd.u')} end`)}
     from generate_series(1, ${int(mix.donations)}) i,
     lateral (select c.k, c.moment,
         (array[100, 200, 250, 300, 500, 500, 1000, 1500, 2000, 5000])[1 + floor(${h('i * 11 + 4')} * 10)::int] as amount,
         case when i % 20 < 11 then 'conekta' when i % 20 < 17 then 'paypal' else 'oxxo' end as channel,
         case when i % 20 < 11 then 0.029 when i % 20 < 17 then 0.0395 else 0.035 end as rate,
         case when i % 20 < 11 then 2.5 when i % 20 < 17 then 4 else 0 end as fixed,
         case when ${h('i * 5 + 2')} < ${mix.donorAccountsShare}
           then greatest(1, least(${int(mix.siteUsers)}, floor(c.moment * ${int(mix.siteUsers)} * ${h('i * 3 + 1')})::int)) end as u,
         1 + (i::bigint * 104729) % ${int(mix.donorEmails)} as e
       from (select 1 + (i::bigint * 7919) % ${int(mix.campaigns)} as k,
               ${after(campaignAt(`1 + (i::bigint * 7919) % ${int(mix.campaigns)}`), 'i * 31 + 7')} as moment) c) d`,
  ]
  const s = ident(schema)
  await db.query(
    `insert into ${s}.inbox (event_id, envelope, received_at)
     select id::uuid, jsonb_build_object('id', id, 'service', service, 'type', type, 'v', 1, 'stream', stream,
         'version', case when type = 'DonationApproved' then 3 else row_number() over (partition by stream order by happened) end,
         'position', 4 * row_number() over (partition by service order by happened),
         'transactionId', (5000 + 4 * row_number() over (partition by service order by happened))::text,
         'occurredAt', to_char(happened at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'data', data, 'metadata', metadata),
       happened + interval '35 milliseconds'
     from (select gen_random_uuid()::text as id, consumed.* from (${parts.join('\n     union all\n     ')}) consumed) events
     order by happened, stream`,
    params,
  )
}
