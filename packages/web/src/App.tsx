import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AppLayout } from './shell/AppLayout';
import { ComingSoon } from './shell/ComingSoon';
import { HomeRoute } from './pages/home/HomeRoute';
import { PlansPage } from './pages/plans/PlansPage';
import { AccountPage } from './pages/account/AccountPage';
import { LearnMorePage } from './pages/LearnMorePage';
import { LoginPage } from './auth/LoginPage';
import { SignupPage } from './auth/SignupPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { BuilderRoute, BuilderDefaultSlate } from './builder/BuilderRoute';
import { SITE_NAMES, type Site } from '@stacksmith/domain';
import { ProjectionsPage } from './pages/projections/ProjectionsPage';
import { PropsPage } from './pages/props/PropsPage';
import { StacksAnalysisPage } from './pages/analysis/StacksAnalysisPage';
import { OnOffPage } from './pages/analysis/OnOffPage';

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
        <Route path="terms" element={<ComingSoon title="Terms of Service" detail="Our terms of service will be published here." />} />
        <Route path="privacy" element={<ComingSoon title="Privacy Policy" detail="Our privacy policy will be published here." />} />
        <Route path="blog" element={<ComingSoon title="Blog" detail="Strategy articles and release notes are on their way." />} />
        <Route path="*" element={<ComingSoon title="Page not found" detail="There is nothing at this address. Try the optimizer instead." />} />
      </Route>
    </Routes>
  );
}
