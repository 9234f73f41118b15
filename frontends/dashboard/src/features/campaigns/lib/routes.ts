/** Dashboard routes of the campaign screens. */
export const CAMPAIGN_ROUTES = {
  list: '/dashboard/campaign/list',
  create: '/dashboard/campaign/create',
  view: (id: string) => `/dashboard/campaign/view/${encodeURIComponent(id)}`,
  edit: (id: string) => `/dashboard/campaign/edit/${encodeURIComponent(id)}`,
}
