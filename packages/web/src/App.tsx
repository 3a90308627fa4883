import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AppLayout } from './shell/AppLayout';
import { ComingSoon, NotFound } from './shell/ComingSoon';
import { HomeRoute } from './pages/home/HomeRoute';
import { lazyNamed as page } from './shell/lazyNamed';
import { SITE_NAMES, type Site } from '@stacksmith/domain';

// Every page but the home page is its own chunk, loaded when first visited (AppLayout shows a
// spinner meanwhile): the builder, its tables and the charts stay out of the first page's download.
const PlansPage = page(() => import('./pages/plans/PlansPage'), 'PlansPage');
const AccountPage = page(() => import('./pages/account/AccountPage'), 'AccountPage');
const LearnMorePage = page(() => import('./pages/LearnMorePage'), 'LearnMorePage');
const LoginPage = page(() => import('./auth/LoginPage'), 'LoginPage');
const SignupPage = page(() => import('./auth/SignupPage'), 'SignupPage');
const ForgotPasswordPage = page(() => import('./auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./auth/ResetPasswordPage'), 'ResetPasswordPage');
const BuilderRoute = page(() => import('./builder/BuilderRoute'), 'BuilderRoute');
const BuilderDefaultSlate = page(() => import('./builder/BuilderRoute'), 'BuilderDefaultSlate');
const ProjectionsPage = page(() => import('./pages/projections/ProjectionsPage'), 'ProjectionsPage');
const PropsPage = page(() => import('./pages/props/PropsPage'), 'PropsPage');
const StacksAnalysisPage = page(() => import('./pages/analysis/StacksAnalysisPage'), 'StacksAnalysisPage');
const TermsPage = page(() => import('./pages/legal/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/legal/PrivacyPage'), 'PrivacyPage');
const BlogPage = page(() => import('./pages/legal/BlogPage'), 'BlogPage');
const OnOffPage = page(() => import('./pages/analysis/OnOffPage'), 'OnOffPage');

function AnalysisPage() {
  const { sport = '', site = '', type = '' } = useParams();
  if (sport === 'nfl' && type === 'stacks') return <StacksAnalysisPage />;
  if (sport === 'nba' && type === 'on-off') return <OnOffPage />;
  const title = type === 'on-off' ? 'NBA On/Off Report' : `${sport.toUpperCase()} ${type === 'stacks' ? 'Stacks' : 'Analysis'} · ${SITE_NAMES[site as Site] ?? site}`;
  return <ComingSoon title={title} detail="Stack analysis, ownership ranges and winning lineup shapes arrive in an upcoming release." />;
}

export function App() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="learn-more" element={<LearnMorePage />} />
        <Route path="plans" element={<PlansPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="optimizer" element={<Navigate to="/" replace />} />
        <Route path="optimizer/:sport/:site" element={<BuilderDefaultSlate />} />
        <Route path="optimizer/:sport/:site/:slate" element={<BuilderRoute />} />
        <Route path="optimizer/:contestType/:sport/:site/:slate" element={<BuilderRoute />} />
        <Route path="analysis/:sport/:site/:slate/:type" element={<AnalysisPage />} />
        <Route path="projections/:sport/:site" element={<ProjectionsPage />} />
        <Route path="projections/:contestType/:sport/:site" element={<ProjectionsPage />} />
        <Route path="props" element={<PropsPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
