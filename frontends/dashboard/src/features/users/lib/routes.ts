/** Dashboard routes of the user screens. */
export const USER_ROUTES = {
  list: '/dashboard/user/list',
  adminList: '/dashboard/user-admin/list',
  create: '/dashboard/user/create',
  view: (id: string) => `/dashboard/user/view/${id}`,
  edit: (id: string) => `/dashboard/user/edit/${id}`,
  history: (id: string) => `/dashboard/user/view/${id}/historical`,
  profileEdit: '/dashboard/user-admin/profile/edit',
  profile: (id: string) => `/dashboard/user-admin/profile/${id}`,
}
