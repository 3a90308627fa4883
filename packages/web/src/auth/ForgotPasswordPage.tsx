import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, INVALID_EMAIL } from '@stacksmith/domain';
import { api } from '../api/client';
import { AuthCard } from './AuthCard';

/** How long the "sent" notice shows before the page redirects to login (forgot password redirects on completion). */
const REDIRECT_DELAY_MS = 2500;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'fetch' | 'received' | 'failed'>('idle');
  // Forgot password redirects on completion, after the notice has been read;
  // leaving the page first cancels it.
  useEffect(() => {
    if (state !== 'received') return undefined;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);
  const onFinish = async ({ email }: { email: string }) => {
    setState('fetch');
    try {
      const answer = await api.sendResetPassword(email.trim());
      if (!answer.success) throw new Error('reset link not sent');
      setState('received');
    } catch {
      setState('failed');
    }
  };
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a link to set a new one.">
      {state === 'received' ? <Alert type="success" showIcon message="Check your inbox for the reset link." description={<>Taking you to <Link to="/login">log in</Link>…</>} className="ss-auth-alert" /> : null}
      {state === 'failed' ? <Alert type="error" showIcon message="We could not send the reset link. Please try again." className="ss-auth-alert" /> : null}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item label="Email" name="email" rules={[{ required: true, message: INVALID_EMAIL }, { pattern: EMAIL_PATTERN, message: INVALID_EMAIL }]}>
          <Input autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={state === 'fetch'}>Send reset link</Button>
      </Form>
      <div className="ss-auth-links"><Link to="/login">Back to log in</Link></div>
    </AuthCard>
  );
}
