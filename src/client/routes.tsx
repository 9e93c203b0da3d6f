import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PageSpinner } from "./components/ui/spinner";
import { isDemoMode } from "./lib/app-mode";
import type { KEEP_SCROLL } from "./lib/keep-scroll";
import { LandingPage } from "./pages/landing-page";

/** React.lazy for a page module's named export. */
function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// The landing page ships in the entry bundle; every other page loads on demand, inside DataLayout
// (TanStack Query), which loads with the first of them, except the unknown-path page (aliases and
// not found). The not-found page stays out of the entry: imported by both the entry and pages
// loaded on demand, it made the build split the entry into many small chunks, over budget.
const DataLayout = lazyPage(() => import("./features/data-layout"), "DataLayout");
const AuthPage = lazyPage(() => import("./pages/auth-page"), "AuthPage");
const CodeSignInPage = lazyPage(() => import("./pages/code-sign-in-page"), "CodeSignInPage");
const AuthSuccessPage = lazyPage(() => import("./pages/auth-success-page"), "AuthSuccessPage");
const MagicAuthPage = lazyPage(() => import("./pages/magic-auth-page"), "MagicAuthPage");
const SimpleAuthPage = lazyPage(() => import("./pages/simple-auth-page"), "SimpleAuthPage");
const CompanyInquiryPage = lazyPage(
  () => import("./pages/company-inquiry-page"),
  "CompanyInquiryPage",
);
const DemoPage = lazyPage(() => import("./pages/demo-page"), "DemoPage");
const HomePage = lazyPage(() => import("./pages/home-page"), "HomePage");
const MatchesPage = lazyPage(() => import("./pages/matches-page"), "MatchesPage");
const ProfilePage = lazyPage(() => import("./pages/profile-page"), "ProfilePage");
const AdminLoginPage = lazyPage(() => import("./pages/admin-login-page"), "AdminLoginPage");
const SetupPage = lazyPage(() => import("./pages/setup-page"), "SetupPage");
const SetPasswordPage = lazyPage(() => import("./pages/set-password-page"), "SetPasswordPage");
const AdminPage = lazyPage(() => import("./pages/admin-page"), "AdminPage");
const AdminDemoPage = lazyPage(() => import("./pages/admin-demo-page"), "AdminDemoPage");
const AdminImagesPage = lazyPage(() => import("./pages/admin-images-page"), "AdminImagesPage");
const AdminImageManagerPage = lazyPage(
  () => import("./pages/admin-image-manager-page"),
  "AdminImageManagerPage",
);
const UnsubscribePage = lazyPage(() => import("./pages/unsubscribe-page"), "UnsubscribePage");
const CheckInPage = lazyPage(() => import("./pages/check-in-page"), "CheckInPage");
const StillInPage = lazyPage(() => import("./pages/still-in-page"), "StillInPage");
const NotAwayPage = lazyPage(() => import("./pages/not-away-page"), "NotAwayPage");
const BookTimePage = lazyPage(() => import("./pages/book-time-page"), "BookTimePage");
const TestEmailPage = lazyPage(() => import("./pages/test-email-page"), "TestEmailPage");
const HelpIndexPage = lazyPage(() => import("./pages/help-index-page"), "HelpIndexPage");
const HelpPage = lazyPage(() => import("./pages/help-page"), "HelpPage");
const UnknownPathPage = lazyPage(() => import("./pages/unknown-path-page"), "UnknownPathPage");
const DashboardRedirectPage = lazyPage(
  () => import("./pages/dashboard-redirect-page"),
  "DashboardRedirectPage",
);

/** Scrolls to the top on a new path (or to the #hash target when there is one). */
function ScrollOnNavigate() {
  const { pathname, hash, state } = useLocation();
  const keepScroll = (state as Partial<typeof KEEP_SCROLL> | null)?.keepScroll === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every new path
  useEffect(() => {
    if (keepScroll) return;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
  return null;
}

/**
 * Every route of the app. Keep in step with src/shared/routes.ts (clientRoutes, routeAliases) and
 * src/shared/admin-routes.ts (the dashboard's tabs under /admin/*), which tell the server which
 * paths serve the app.
 */
export function AppRoutes() {
  return (
    <>
      <ScrollOnNavigate />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route element={<DataLayout />}>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/auth/code" element={<CodeSignInPage />} />
            <Route path="/auth-success" element={<AuthSuccessPage />} />
            <Route path="/magic-auth" element={<MagicAuthPage />} />
            <Route
              path="/simple-auth"
              element={isDemoMode() ? <SimpleAuthPage /> : <UnknownPathPage />}
            />
            <Route path="/company-inquiry" element={<CompanyInquiryPage />} />
            <Route path="/demo" element={<DemoPage />} />
            <Route path="/admin-demo/*" element={<AdminDemoPage />} />
            <Route path="/admin-login" element={<AdminLoginPage />} />
            <Route path="/setup" element={<SetupPage />} />
            <Route path="/set-password" element={<SetPasswordPage />} />
            <Route path="/home" element={<HomePage />} />
            <Route path="/matches" element={<MatchesPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/profile-setup" element={<Navigate to="/profile" replace />} />
            <Route path="/admin/*" element={<AdminPage />} />
            <Route path="/admin/images" element={<AdminImagesPage />} />
            <Route path="/admin-image-manager" element={<AdminImageManagerPage />} />
            <Route path="/unsubscribe" element={<UnsubscribePage />} />
            <Route path="/check-in" element={<CheckInPage />} />
            <Route path="/still-in" element={<StillInPage />} />
            <Route path="/not-away" element={<NotAwayPage />} />
            <Route path="/book-time" element={<BookTimePage />} />
            <Route path="/test-email" element={<TestEmailPage />} />
            <Route path="/help" element={<HelpIndexPage />} />
            <Route path="/help/:slug" element={<HelpPage />} />
            <Route path="/dashboard" element={<DashboardRedirectPage />} />
          </Route>
          <Route path="*" element={<UnknownPathPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
