import { lazy, Suspense } from 'react'
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

/** The public site (spec §2.1–§2.3), exposed to the shell as `public/App`. */
export default function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Screen><HomePage /></Screen>} />
        <Route path="about" element={<Screen><StaticPage name="about-us" /></Screen>} />
        <Route path="notice-of-privacy" element={<Screen><StaticPage name="notice-of-privacy" /></Screen>} />
        <Route path="terms-and-conditions" element={<Screen><StaticPage name="terms-and-conditions" /></Screen>} />
        <Route path="campaigns" element={<Screen><GalleryPage /></Screen>} />
        <Route path="campaigns/:slug" element={<Screen><CampaignRoute /></Screen>} />
        <Route path="login" element={<Screen><LoginPage /></Screen>} />
        <Route path="register" element={<Screen><RegisterPage /></Screen>} />
        <Route path="verify-email" element={<Screen><VerifyEmailPage /></Screen>} />
        <Route path="forgot-password" element={<Screen><ForgotPasswordPage /></Screen>} />
        <Route path="recover-password" element={<Screen><RecoverPasswordPage /></Screen>} />
        <Route path="reset-password" element={<Screen><ResetPasswordPage /></Screen>} />
        <Route path="donacion-mensual" element={<Screen><MonthlyLinkPage /></Screen>} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  )
}

function Screen({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}
