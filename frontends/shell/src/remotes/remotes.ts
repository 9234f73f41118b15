/** Each remote is fetched only when a route that needs it is opened. */
export const loadPublic = () => import('public/App')
export const loadSetup = () => import('setup/App')
export const loadDashboard = () => import('dashboard/App')
