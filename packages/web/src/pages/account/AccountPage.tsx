// /account: account data, password change,
// the subscription (plan, renewal, card brand and last4, yearly flag, price), card change with
// its own updating state and its error kept, cancel.
import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Popconfirm, Row, Skeleton, Space, Tag } from 'antd';
import { CreditCardOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router-dom';
import {
  MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PLEASE_ENTER_A_NEW_PASSWORD, PLEASE_ENTER_YOUR_PASSWORD, RESET_PASSWORDS_DO_NOT_MATCH,
} from '@stacksmith/domain';
import { useAuth } from '../../auth/session';
import { mustMatch } from '../../auth/formRules';
import { formatDate, formatPrice, periodLabel } from '../plans/format';
import { useAccountInfo, useCancelSubscription, useSubscription, useUpdateCard, useUpdatePassword } from './account';
import { CardFormItems, toCardInput, type CardFields } from './CardForm';

function PasswordCard() {
  const [form] = Form.useForm<{ password: string; new_password: string; repeat: string }>();
  const change = useUpdatePassword();
  const onFinish = async (values: { password: string; new_password: string }) => {
    if (await change.run({ password: values.password, newPassword: values.new_password })) form.resetFields();
  };
  return (
    <Card title={<><LockOutlined /> Change password</>} variant="borderless" className="ss-account-card">
      {change.done ? <Alert type="success" showIcon message="Your password was changed." className="ss-auth-alert" /> : null}
      {change.error ? <Alert type="error" showIcon message={change.error} className="ss-auth-alert" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Current password" name="password" rules={[{ required: true, message: PLEASE_ENTER_YOUR_PASSWORD }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="new_password" rules={[{ required: true, message: PLEASE_ENTER_A_NEW_PASSWORD }, { min: MIN_PASSWORD_LENGTH, message: PASSWORD_TOO_SHORT }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Repeat new password"
          name="repeat"
          dependencies={['new_password']}
          rules={[
            { required: true, message: PLEASE_ENTER_A_NEW_PASSWORD },
            mustMatch('new_password', RESET_PASSWORDS_DO_NOT_MATCH),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.pending}>Change password</Button>
      </Form>
    </Card>
  );
}

function CardChange({ onDone, update }: { onDone: () => void; update: ReturnType<typeof useUpdateCard> }) {
  const [form] = Form.useForm<{ card: CardFields }>();
  const onFinish = async (values: { card: CardFields }) => {
    if (await update.run(toCardInput(values.card))) onDone();
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} className="ss-card-change" data-testid="card-change">
      <CardFormItems />
      <Space>
        <Button type="primary" htmlType="submit" loading={update.pending}>Save card</Button>
        <Button onClick={onDone} disabled={update.pending}>Cancel</Button>
      </Space>
    </Form>
  );
}

function SubscriptionCard() {
  const sub = useSubscription(true);
  const cancel = useCancelSubscription();
  const card = useUpdateCard();
  const [changingCard, setChangingCard] = useState(false);
  if (!sub) return <Card variant="borderless" className="ss-account-card"><Skeleton active /></Card>;
  const paid = sub.price !== undefined && sub.price > 0;
  const yearly = Boolean(sub.yearly);
  const renewal = formatDate(sub.current_period_end);
  const ends = formatDate(sub.plan_ends);
  const trial = formatDate(sub.trial_end);
  const onCancel = () => cancel.run();
  return (
    <Card
      title={<><CreditCardOutlined /> Subscription</>}
      variant="borderless"
      className="ss-account-card"
      extra={<Link to="/plans"><Button type="link">{paid ? 'Change plan' : 'Upgrade'}</Button></Link>}
    >
      {cancel.error ? <Alert type="error" showIcon message={cancel.error} className="ss-auth-alert" /> : null}
      <Descriptions column={1} size="middle" colon={false} className="ss-sub-details" data-testid="subscription">
        <Descriptions.Item label="Plan">
          <b>{sub.plan_name ?? 'None'}</b>
          {trial ? <Tag color="blue" className="ss-tag-gap">Trial until {trial}</Tag> : null}
          {ends ? <Tag color="orange" className="ss-tag-gap">Cancelled</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label="Price">{paid ? `${formatPrice(sub.price ?? 0)} / ${periodLabel(yearly)}` : 'Free'}</Descriptions.Item>
        <Descriptions.Item label="Billing">{paid ? (yearly ? 'Yearly' : 'Monthly') : '–'}</Descriptions.Item>
        <Descriptions.Item label={ends ? 'Ends on' : 'Renews on'}>{ends ?? renewal ?? '–'}</Descriptions.Item>
        <Descriptions.Item label="Card">
          {sub.last4 ? <span data-testid="card-on-file">{sub.brand} •••• {sub.last4}</span> : <span className="ss-muted">No card on file</span>}
          {!changingCard ? <Button type="link" size="small" onClick={() => setChangingCard(true)}>{sub.last4 ? 'Change card' : 'Add card'}</Button> : null}
        </Descriptions.Item>
      </Descriptions>
      {card.done && !changingCard ? <Alert type="success" showIcon message="Your card was updated." className="ss-auth-alert" /> : null}
      {card.error ? <Alert type="error" showIcon message={card.error} className="ss-auth-alert" data-testid="card-error" /> : null}
      {changingCard ? <CardChange update={card} onDone={() => setChangingCard(false)} /> : null}
      {paid && !ends ? (
        <Popconfirm
          title="Cancel your subscription?"
          description={`You keep ${sub.plan_name} until ${renewal ?? 'the end of the period'}.`}
          okText="Cancel subscription"
          cancelText="Keep it"
          onConfirm={onCancel}
        >
          <Button danger className="ss-cancel-sub" loading={cancel.pending}>Cancel subscription</Button>
        </Popconfirm>
      ) : null}
    </Card>
  );
}

export function AccountPage() {
  const { loggedin } = useAuth();
  if (!loggedin) return <Navigate to="/login?redirectTo=%2Faccount" replace />;
  return <AccountPanels />;
}

function AccountPanels() {
  const { data } = useAccountInfo();
  return (
    <div className="ss-page ss-account">
      <h1 className="ss-page-title">My Account</h1>
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={11}>
          <Card title={<><UserOutlined /> Account</>} variant="borderless" className="ss-account-card">
            {data ? (
              <Descriptions column={1} colon={false} className="ss-account-data" data-testid="account-data">
                <Descriptions.Item label="Name">{data.first_name} {data.last_name}</Descriptions.Item>
                <Descriptions.Item label="Email">{data.email}</Descriptions.Item>
                <Descriptions.Item label="Plan">{data.plan_name ?? 'None'}{data.admin ? <Tag className="ss-tag-gap">Admin</Tag> : null}</Descriptions.Item>
              </Descriptions>
            ) : <Skeleton active paragraph={{ rows: 2 }} />}
          </Card>
          <div style={{ height: 20 }} />
          <PasswordCard />
        </Col>
        <Col xs={24} lg={13}>
          <SubscriptionCard />
        </Col>
      </Row>
    </div>
  );
}
