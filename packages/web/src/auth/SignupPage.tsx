import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import {
  EMAIL_PATTERN, FIELD_CANNOT_BE_EMPTY, INVALID_EMAIL_ADDRESS, MIN_PASSWORD_LENGTH, PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT,
} from '@stacksmith/domain';
import { useAuth, useSignUp } from './session';
import { AuthCard } from './AuthCard';
import { carriedQuery, redirectTarget } from './redirect';
import { mustMatch } from './formRules';

interface SignupValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  repeat: string;
}

const FIELDS: (keyof SignupValues)[] = ['first_name', 'last_name', 'email', 'password', 'repeat'];
const required = { required: true, whitespace: true, message: FIELD_CANNOT_BE_EMPTY };

export function SignupPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignupValues>();
  const loggedin = useAuth((s) => s.loggedin);
  const signUp = useSignUp();
  const [canSubmit, setCanSubmit] = useState(false);

  // Submit stays disabled until every field is filled and no field has an error.
  const refresh = () => {
    const values = form.getFieldsValue();
    const filled = FIELDS.every((f) => typeof values[f] === 'string' && values[f].trim() !== '');
    const clean = form.getFieldsError().every((f) => f.errors.length === 0);
    setCanSubmit(filled && clean);
  };

  const onFinish = async ({ repeat: _repeat, ...values }: SignupValues) => {
    if (await signUp.run({ ...values, email: values.email.trim() })) navigate(redirectTarget(search), { replace: true });
  };

  // Already logged in: straight to where the user was going.
  if (loggedin) return <Navigate to={redirectTarget(search)} replace />;

  return (
    <AuthCard title="Create your account" subtitle="Build, save and export optimal lineups in minutes.">
      {signUp.failed && signUp.errorMessage ? <Alert type="error" showIcon message={signUp.errorMessage} className="ss-auth-alert" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} onFieldsChange={() => setTimeout(refresh)} requiredMark={false} size="large">
        <div className="ss-form-row">
          <Form.Item label="First name" name="first_name" rules={[required]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last name" name="last_name" rules={[required]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: INVALID_EMAIL_ADDRESS }, { pattern: EMAIL_PATTERN, message: INVALID_EMAIL_ADDRESS }]}>
          <Input autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[required, { min: MIN_PASSWORD_LENGTH, message: PASSWORD_TOO_SHORT }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Repeat password"
          name="repeat"
          dependencies={['password']}
          rules={[
            required,
            mustMatch('password', PASSWORDS_DO_NOT_MATCH),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signUp.loading} disabled={!canSubmit}>Sign up</Button>
      </Form>
      <div className="ss-auth-links">
        <span>Already have an account? <Link to={`/login${carriedQuery(search)}`}>Log in</Link></span>
      </div>
    </AuthCard>
  );
}
