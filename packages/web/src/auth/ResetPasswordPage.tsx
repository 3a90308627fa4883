import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { PLEASE_ENTER_A_NEW_PASSWORD, RESET_LINK_EXPIRED, RESET_PASSWORDS_DO_NOT_MATCH } from '@stacksmith/domain';
import { api } from '../api/client';
import { AuthCard } from './AuthCard';
import { mustMatch } from './formRules';

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'fetch' | 'received' | 'failed'>('idle');
  const onFinish = async ({ password }: { password: string }) => {
    setState('fetch');
    try {
      const answer = await api.resetPassword(password, token);
      // A refusal (an expired link) is a 4xx, thrown by the client.
      if (!answer.success) throw new Error('reset failed');
      setState('received');
    } catch {
      setState('failed');
    }
  };
  return (
    <AuthCard title="Set a new password">
      {!token ? (
        <Alert type="warning" showIcon className="ss-auth-alert" data-testid="reset-no-token"
          message="This page needs the link from your reset email."
          description={<>The address has no reset token, so the password cannot be changed here. Open the link in the email again, or <Link to="/forgot-password">send a new link</Link>.</>} />
      ) : null}
      {state === 'received' ? (
        <Alert type="success" showIcon className="ss-auth-alert" message="Your password has been updated." description={<Link to="/login">Log in with your new password</Link>} />
      ) : null}
      {state === 'failed' ? (
        <Alert type="error" showIcon className="ss-auth-alert" message={RESET_LINK_EXPIRED} description={<Link to="/forgot-password">Send a new link</Link>} />
      ) : null}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item label="New password" name="password" rules={[{ required: true, message: PLEASE_ENTER_A_NEW_PASSWORD }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: PLEASE_ENTER_A_NEW_PASSWORD },
            mustMatch('password', RESET_PASSWORDS_DO_NOT_MATCH),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={state === 'fetch'} disabled={!token}>Update password</Button>
      </Form>
    </AuthCard>
  );
}
