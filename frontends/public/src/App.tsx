import { lazy, Suspense, type ReactNode } from 'react'
import type { PublicRemotePath } from '@donaciones/contracts'
import { Navigate, Route, Routes } from '@donaciones/web-kit/router'
import { Loading } from '@donaciones/web-kit'
import { PublicLayout } from './features/layout/components/PublicLayout.tsx'
import { CampaignRoute } from './app/CampaignRoute.tsx'

// Each screen is its own chunk: the home page does not download the donation code.
const HomePage = lazy(() => import('./features/home/components/HomePage.tsx').then((m) => ({ default: m.HomePage })))
const StaticPage = lazy(() => import('./features/pages/components/StaticPage.tsx').then((m) => ({ default: m.StaticPage })))
const GalleryPage = lazy(() => import('./features/gallery/components/GalleryPage.tsx').then((m) => ({ default: m.GalleryPage })))
const LoginPage = lazy(() => import('./features/auth/components/LoginPage.tsx').then((m) => ({ default: m.LoginPage })))
const ForgotPasswordPage = lazy(() => import('./features/auth/components/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })))
const RecoverPasswordPage = lazy(() => import('./features/auth/components/RecoverPasswordPage.tsx').then((m) => ({ default: m.RecoverPasswordPage })))
const RegisterPage = lazy(() => import('./features/auth/components/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })))
const VerifyEmailPage = lazy(() => import('./features/auth/components/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })))
const MonthlyLinkPage = lazy(() => import('./features/donation/components/MonthlyLinkPage.tsx').then((m) => ({ default: m.MonthlyLinkPage })))
const ResetPasswordPage = lazy(() => import('./features/auth/components/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })))

/**
 * A screen for each route the contracts' route table gives the public remote: the type requires
 * one per path, and no other.
 */
const screens: Record<PublicRemotePath, ReactNode> = {
  '/': <HomePage />,
  '/about': <StaticPage name="about-us" />,
  '/notice-of-privacy': <StaticPage name="notice-of-privacy" />,
  '/terms-and-conditions': <StaticPage name="terms-and-conditions" />,
  '/campaigns': <GalleryPage />,
  '/campaigns/:slug': <CampaignRoute />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/verify-email': <VerifyEmailPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/recover-password': <RecoverPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/donacion-mensual': <MonthlyLinkPage />,
}

/** The public site (spec §2.1–§2.3), exposed to the shell as `public/App`. */
export default function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {Object.entries(screens).map(([path, screen]) =>
          path === '/' ? <Route key={path} index element={<Screen>{screen}</Screen>} /> : <Route key={path} path={path.slice(1)} element={<Screen>{screen}</Screen>} />,
        )}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  )
}

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}
