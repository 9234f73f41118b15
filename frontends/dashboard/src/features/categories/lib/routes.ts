/** Dashboard routes of the category screens. */
export const CATEGORY_ROUTES = {
  list: '/dashboard/category/list',
  create: '/dashboard/category/create',
  view: (id: string) => `/dashboard/category/view/${id}`,
  edit: (id: string) => `/dashboard/category/edit/${id}`,
}
