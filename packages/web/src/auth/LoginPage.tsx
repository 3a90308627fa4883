import { Alert, Button, Form, Input } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { EMAIL_PATTERN, INVALID_EMAIL, PLEASE_ENTER_YOUR_EMAIL_ADDRESS, PLEASE_ENTER_YOUR_PASSWORD } from '@stacksmith/domain';
import { useAuth, useLogin } from './session';
import { AuthCard } from './AuthCard';
import { carriedQuery, redirectTarget } from './redirect';

export function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const loggedin = useAuth((s) => s.loggedin);
  const login = useLogin();
  const onFinish = async (values: { email: string; password: string }) => {
    if (await login.run({ email: values.email, password: values.password })) navigate(redirectTarget(search), { replace: true });
  };
  // Already logged in: no form to fill, straight to where the user was going.
  if (loggedin) return <Navigate to={redirectTarget(search)} replace />;
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Your projections and lineups are waiting.">
      {login.failed && login.errorMessage ? <Alert type="error" showIcon message={login.errorMessage} className="ss-auth-alert" /> : null}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: PLEASE_ENTER_YOUR_EMAIL_ADDRESS },
            { pattern: EMAIL_PATTERN, message: INVALID_EMAIL },
          ]}
        >
          <Input autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: PLEASE_ENTER_YOUR_PASSWORD }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.loading}>Log in</Button>
      </Form>
      <div className="ss-auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>New here? <Link to={`/signup${carriedQuery(search)}`}>Create an account</Link></span>
      </div>
    </AuthCard>
  );
}
