/** Dashboard routes of the institution screens. */
export const INSTITUTION_ROUTES = {
  list: '/dashboard/institution/list',
  create: '/dashboard/institution/create',
  view: (id: string) => `/dashboard/institution/view/${id}`,
  edit: (id: string) => `/dashboard/institution/edit/${id}`,
}
