import { Outlet } from '@donaciones/web-kit/router'

export function DashboardLayout() {
  return <Outlet />
}
