/**
 * How many events of each kind the audit service's log holds for a given size, in the
 * proportions of a live site: mostly visits (every app start records one), a few percent of
 * approved donations, sign-ups, and a thin layer of administrators' changes.
 *
 * Only what reaches the audit schema is counted: its own VisitRecorded events and the events
 * its consumer keeps in the inbox (the types its projections handle). Likes, comments, pending
 * and declined donations live in the campaign and donation logs and never enter this one.
 */
export interface AuditLogMix {
  visits: number
  /** DonationApproved events (card, OXXO and PayPal). */
  donations: number
  /** Donors who gave with their account; the rest gave with an e-mail only. */
  donorAccountsShare: number
  /** Distinct e-mails anonymous donors use (they repeat). */
  donorEmails: number
  /** Users who signed up with a social account (role 2). */
  siteUsers: number
  /** Administrators created by the site's owner (origin 'admin'), besides the one from setup. */
  admins: number
  profileUpdates: number
  /** Administrators' edits of users: update, activation, role and permission changes in turn. */
  userChanges: number
  institutions: number
  institutionChanges: number
  categories: number
  categoryChanges: number
  campaigns: number
  campaignUpdates: number
  campaignToggles: number
  configurationUpdates: number
  /** The three legal pages exist from setup; these are their later edits and toggles. */
  pageChanges: number
}

export const legalPages = 3

export function planAuditLog(total: number): AuditLogMix {
  const share = (fraction: number, minimum: number) => Math.max(minimum, Math.round(total * fraction))
  const campaigns = share(1 / 2500, 10)
  const institutions = share(1 / 50_000, 3)
  const categories = share(1 / 100_000, 3)
  const donations = share(0.04, 50)
  const mix: AuditLogMix = {
    visits: 0,
    donations,
    donorAccountsShare: 0.35,
    donorEmails: Math.max(10, Math.round(donations * 0.45)),
    siteUsers: share(0.008, 20),
    admins: 6,
    profileUpdates: share(0.002, 5),
    userChanges: share(0.0005, 8),
    institutions,
    institutionChanges: institutions * 2,
    categories,
    categoryChanges: categories * 2,
    campaigns,
    campaignUpdates: campaigns * 3,
    campaignToggles: campaigns,
    configurationUpdates: share(1 / 100_000, 2),
    pageChanges: share(1 / 100_000, 4),
  }
  mix.visits = total - inboxEvents(mix)
  if (mix.visits <= 0) throw new Error(`Un registro de ${total} eventos es demasiado pequeño para la mezcla`)
  return mix
}

/** Events the consumer kept in the inbox (everything but the visits). */
export function inboxEvents(mix: AuditLogMix): number {
  return mix.donations + historyEvents(mix)
}

/** Events the history projection turns into entries (setup included). */
export function historyEvents(mix: AuditLogMix): number {
  const setup = 1 /* configuration */ + 1 /* setup admin */ + legalPages
  return (
    setup +
    mix.siteUsers + mix.admins + mix.profileUpdates + mix.userChanges +
    mix.institutions + mix.institutionChanges +
    mix.categories + mix.categoryChanges +
    mix.campaigns + mix.campaignUpdates + mix.campaignToggles +
    mix.configurationUpdates + mix.pageChanges
  )
}

export function totalEvents(mix: AuditLogMix): number {
  return mix.visits + inboxEvents(mix)
}
