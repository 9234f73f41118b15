import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Navigate, Route, Routes } from '@donaciones/web-kit/router'
import { Loading } from '@donaciones/web-kit'
import { DashboardLayout } from './features/layout/components/DashboardLayout.tsx'

/** Lazily loads one named export of a screen module: each screen is its own chunk. */
function screen<Props extends object>(load: () => Promise<Record<string, ComponentType<Props>>>, name: string) {
  return lazy(async () => {
    const module = await load()
    const component = module[name]
    if (!component) throw new Error(`Pantalla no encontrada: ${name}`)
    return { default: component }
  })
}

const MenuPage = screen(() => import('./features/menu/components/MenuPage.tsx'), 'MenuPage')
const DonorTipsPage = screen(() => import('./features/menu/components/DonorTipsPage.tsx'), 'DonorTipsPage')
const InstitutionListPage = screen(() => import('./features/institutions/components/InstitutionListPage.tsx'), 'InstitutionListPage')
const InstitutionFormPage = screen<{ mode: 'create' | 'edit' }>(() => import('./features/institutions/components/InstitutionFormPage.tsx'), 'InstitutionFormPage')
const InstitutionViewPage = screen(() => import('./features/institutions/components/InstitutionViewPage.tsx'), 'InstitutionViewPage')
const CategoryListPage = screen(() => import('./features/categories/components/CategoryListPage.tsx'), 'CategoryListPage')
const CategoryFormPage = screen<{ mode: 'create' | 'edit' }>(() => import('./features/categories/components/CategoryFormPage.tsx'), 'CategoryFormPage')
const CategoryViewPage = screen(() => import('./features/categories/components/CategoryViewPage.tsx'), 'CategoryViewPage')
const CampaignListPage = screen(() => import('./features/campaigns/components/CampaignListPage.tsx'), 'CampaignListPage')
const CampaignCreatePage = screen(() => import('./features/campaigns/components/CampaignCreatePage.tsx'), 'CampaignCreatePage')
const CampaignEditPage = screen(() => import('./features/campaigns/components/CampaignEditPage.tsx'), 'CampaignEditPage')
const CampaignViewPage = screen(() => import('./features/campaigns/components/CampaignViewPage.tsx'), 'CampaignViewPage')
const UserListPage = screen(() => import('./features/users/components/UserListPage.tsx'), 'UserListPage')
const UserFormPage = screen<{ mode: 'create' | 'edit' }>(() => import('./features/users/components/UserFormPage.tsx'), 'UserFormPage')
const UserViewPage = screen(() => import('./features/users/components/UserViewPage.tsx'), 'UserViewPage')
const AdminListPage = screen(() => import('./features/users/components/AdminListPage.tsx'), 'AdminListPage')
const ProfileEditPage = screen(() => import('./features/users/components/ProfileEditPage.tsx'), 'ProfileEditPage')
const ProfileViewPage = screen(() => import('./features/users/components/ProfileViewPage.tsx'), 'ProfileViewPage')
const PageListPage = screen(() => import('./features/pages/components/PageListPage.tsx'), 'PageListPage')
const PageEditPage = screen(() => import('./features/pages/components/PageEditPage.tsx'), 'PageEditPage')
const PageViewPage = screen(() => import('./features/pages/components/PageViewPage.tsx'), 'PageViewPage')
const DonationHubPage = screen(() => import('./features/donations/components/DonationHubPage.tsx'), 'DonationHubPage')
const DonationChannelListPage = screen<{ channel: 'paypal' | 'card' | 'oxxo' }>(() => import('./features/donations/components/DonationChannelListPage.tsx'), 'DonationChannelListPage')
const DonationViewPage = screen<{ channel: 'paypal' | 'card' | 'oxxo' }>(() => import('./features/donations/components/DonationViewPage.tsx'), 'DonationViewPage')
const MonthlyDonorsPage = screen(() => import('./features/donations/components/MonthlyDonorsPage.tsx'), 'MonthlyDonorsPage')
const ReceiptsPage = screen(() => import('./features/receipts/components/ReceiptsPage.tsx'), 'ReceiptsPage')
const ConfigurationPage = screen(() => import('./features/configuration/components/ConfigurationPage.tsx'), 'ConfigurationPage')
const ApiDocsPage = screen(() => import('./features/api-docs/components/ApiDocsPage.tsx'), 'ApiDocsPage')
const HistoryPage = screen(() => import('./features/history/components/HistoryPage.tsx'), 'HistoryPage')
const UserHistoryPage = screen(() => import('./features/history/components/UserHistoryPage.tsx'), 'UserHistoryPage')

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading label="Cargando datos..." />}>{children}</Suspense>
}

/** The administration (spec §2.5), exposed to the shell as `dashboard/App` under /dashboard/*. */
export default function App() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<Screen><MenuPage /></Screen>} />
        <Route path="menu" element={<Screen><MenuPage /></Screen>} />
        <Route path="donadora" element={<Screen><DonorTipsPage /></Screen>} />

        <Route path="institution/list" element={<Screen><InstitutionListPage /></Screen>} />
        <Route path="institution/create" element={<Screen><InstitutionFormPage mode="create" /></Screen>} />
        <Route path="institution/edit/:id" element={<Screen><InstitutionFormPage mode="edit" /></Screen>} />
        <Route path="institution/view/:id" element={<Screen><InstitutionViewPage /></Screen>} />

        <Route path="category/list" element={<Screen><CategoryListPage /></Screen>} />
        <Route path="category/create" element={<Screen><CategoryFormPage mode="create" /></Screen>} />
        <Route path="category/edit/:id" element={<Screen><CategoryFormPage mode="edit" /></Screen>} />
        <Route path="category/view/:id" element={<Screen><CategoryViewPage /></Screen>} />

        <Route path="campaign/list" element={<Screen><CampaignListPage /></Screen>} />
        <Route path="campaign/create" element={<Screen><CampaignCreatePage /></Screen>} />
        <Route path="campaign/edit/:id" element={<Screen><CampaignEditPage /></Screen>} />
        <Route path="campaign/view/:id" element={<Screen><CampaignViewPage /></Screen>} />

        <Route path="user/list" element={<Screen><UserListPage /></Screen>} />
        <Route path="user/create" element={<Screen><UserFormPage mode="create" /></Screen>} />
        <Route path="user/edit/:id" element={<Screen><UserFormPage mode="edit" /></Screen>} />
        <Route path="user/view/:id" element={<Screen><UserViewPage /></Screen>} />
        <Route path="user/view/:id/historical" element={<Screen><UserHistoryPage /></Screen>} />
        <Route path="user-admin/list" element={<Screen><AdminListPage /></Screen>} />
        <Route path="user-admin/profile/edit" element={<Screen><ProfileEditPage /></Screen>} />
        <Route path="user-admin/profile/:id" element={<Screen><ProfileViewPage /></Screen>} />

        <Route path="pages/list" element={<Screen><PageListPage /></Screen>} />
        <Route path="pages/edit/:id" element={<Screen><PageEditPage /></Screen>} />
        <Route path="pages/view/:id" element={<Screen><PageViewPage /></Screen>} />

        <Route path="donation/list" element={<Screen><DonationHubPage /></Screen>} />
        <Route path="donation/paypal/list" element={<Screen><DonationChannelListPage channel="paypal" /></Screen>} />
        <Route path="donation/paypal/view/:id" element={<Screen><DonationViewPage channel="paypal" /></Screen>} />
        <Route path="donation/card/list" element={<Screen><DonationChannelListPage channel="card" /></Screen>} />
        <Route path="donation/card/view/:id" element={<Screen><DonationViewPage channel="card" /></Screen>} />
        <Route path="donation/oxxo/list" element={<Screen><DonationChannelListPage channel="oxxo" /></Screen>} />
        <Route path="donation/oxxo/view/:id" element={<Screen><DonationViewPage channel="oxxo" /></Screen>} />
        <Route path="donation/monthly/list" element={<Screen><MonthlyDonorsPage /></Screen>} />
        <Route path="donation/receipts" element={<Screen><ReceiptsPage /></Screen>} />

        <Route path="configuration/edit" element={<Screen><ConfigurationPage /></Screen>} />
        <Route path="configuration/api" element={<Screen><ApiDocsPage /></Screen>} />
        <Route path="historical/list" element={<Screen><HistoryPage /></Screen>} />

        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  )
}
