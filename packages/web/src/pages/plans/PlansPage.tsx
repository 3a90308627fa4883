// /plans: the plan cards. A visitor picking a plan goes through signup with
// plan and sport re-attached (back here, the checkout opens for that plan); a user subscribes
// with a card (or the card on file) and an optional promo code checked on the spot.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Modal, Result, Row, Segmented, Skeleton, Space, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { INVALID_PROMO_CODE, LOCAL_PROVIDER_NOTICE, MAX_LINEUP_LIMIT, hasPermission, priceAfterPromo, trialNotice, type PlanInfo, type Sport } from '@stacksmith/domain';
import { accountApi } from '../../api/account';
import { useAuth } from '../../auth/session';
import { builderPath } from '../../shell/nav';
import { useCheckPromo, useSubscribe, useSubscription } from '../account/account';
import { CardFormItems, toCardInput, type CardFields } from '../account/CardForm';
import { FEATURE_KEYS, featureLabel, formatDate, formatPrice, periodLabel } from './format';

const SPORTS: readonly Sport[] = ['nfl', 'nba'];

function PlanCard({ plan, yearly, current, onChoose }: { plan: PlanInfo; yearly: boolean; current: boolean; onChoose: () => void }) {
  const price = yearly ? plan.yearly_price : plan.price;
  const featured = plan.name === 'Pro';
  return (
    <Card className={`ss-plan${featured ? ' ss-plan-featured' : ''}`} variant="borderless" data-testid={`plan-${plan.name}`}>
      {featured ? <Tag color="gold" className="ss-plan-badge">Most popular</Tag> : null}
      <h2 className="ss-plan-name">{plan.name}</h2>
      <div className="ss-plan-price">
        <span className="ss-plan-amount">{formatPrice(price)}</span>
        {price > 0 ? <span className="ss-plan-period"> / {periodLabel(yearly)}</span> : null}
      </div>
      <div className="ss-plan-limit">Up to <b>{plan.lineup_limit}</b> lineups per build</div>
      <ul className="ss-plan-features">
        {FEATURE_KEYS.map((key) => {
          const on = hasPermission(plan.permissions, key);
          return (
            <li key={key} className={on ? 'on' : 'off'}>
              {on ? <CheckOutlined /> : <CloseOutlined />} {featureLabel(key)}
            </li>
          );
        })}
      </ul>
      {current
        ? <Button block disabled>Current plan</Button>
        : <Button block type={featured ? 'primary' : 'default'} size="large" onClick={onChoose}>{price > 0 ? `Choose ${plan.name}` : `Switch to ${plan.name}`}</Button>}
    </Card>
  );
}

interface CheckoutValues {
  card?: CardFields;
  promo?: string;
}

function Checkout({ plan, yearly, onClose, sport }: { plan: PlanInfo; yearly: boolean; onClose: () => void; sport: Sport }) {
  const [form] = Form.useForm<CheckoutValues>();
  const subscription = useSubscription(true);
  const subscribe = useSubscribe();
  const { promo, check: checkPromo } = useCheckPromo();
  const onFile = subscription?.last4 && subscription.brand ? `${subscription.brand} •••• ${subscription.last4}` : null;
  const [useOnFile, setUseOnFile] = useState(Boolean(onFile));
  const [done, setDone] = useState(false);
  const paid = (yearly ? plan.yearly_price : plan.price) > 0;
  const promoCode = Form.useWatch('promo', form);
  const promoShown = promo !== null && promo.code !== '' && promo.code === (promoCode ?? '').trim();
  const listPrice = yearly ? plan.yearly_price : plan.price;
  // Once "Promo code applied", the price shown is the price to pay.
  const discounted = paid && promoShown && promo.valid && promo.percentOff ? priceAfterPromo(listPrice, promo.percentOff) : null;

  const onFinish = async (values: CheckoutValues) => {
    const code = values.promo?.trim();
    if (code && !(await checkPromo(code))) return;
    const ok = await subscribe.run({
      planName: plan.name, yearly, ...(code ? { promo: code } : {}),
      ...(paid && !(useOnFile && onFile) && values.card ? { card: toCardInput(values.card) } : {}),
    });
    if (ok) setDone(true);
  };

  if (done) {
    const sub = subscribe.subscription;
    return (
      <Result
        status="success"
        title={`You're on ${plan.name}`}
        subTitle={sub?.trial_end ? `Your free trial runs until ${formatDate(sub.trial_end) ?? sub.trial_end}.` : 'Your plan is active now.'}
        extra={[
          <Link key="build" to={builderPath(sport, 'dk')}><Button type="primary">Open the {sport.toUpperCase()} optimizer</Button></Link>,
          <Link key="account" to="/account"><Button>My account</Button></Link>,
        ]}
      />
    );
  }

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} className="ss-checkout">
      <div className="ss-checkout-summary" data-testid="checkout-price">
        <span>{plan.name} · {yearly ? 'yearly' : 'monthly'}</span>
        {discounted !== null ? (
          <span>
            <s className="ss-muted">{formatPrice(listPrice)}</s>{' '}
            <b>{formatPrice(discounted)} / {periodLabel(yearly)}</b>{' '}
            <span className="ss-promo-ok">({promo?.percentOff}% off)</span>
          </span>
        ) : <b>{formatPrice(listPrice)}{paid ? ` / ${periodLabel(yearly)}` : ''}</b>}
      </div>
      {paid && !subscription?.trial_end && !(subscription?.price && subscription.price > 0) ? (
        <Alert type="info" showIcon className="ss-trial-notice" data-testid="trial-notice"
          message={trialNotice(formatPrice(discounted ?? listPrice), periodLabel(yearly))} />
      ) : null}
      {paid && onFile ? (
        <Checkbox checked={useOnFile} onChange={(e) => setUseOnFile(e.target.checked)} className="ss-onfile">Use {onFile}</Checkbox>
      ) : null}
      {paid && !(useOnFile && onFile) ? <CardFormItems /> : null}
      {paid ? (
        <Form.Item
          label="Promo code"
          name="promo"
          help={promoShown ? <span className={promo.valid ? 'ss-promo-ok' : 'ss-promo-bad'}>{promo.valid ? 'Promo code applied' : INVALID_PROMO_CODE}</span> : undefined}
          validateStatus={promoShown ? (promo.valid ? 'success' : 'error') : undefined}
        >
          <Input.Search enterButton="Apply" placeholder="WELCOME20" onSearch={(code) => (code.trim() ? void checkPromo(code) : undefined)} />
        </Form.Item>
      ) : null}
      {subscribe.error ? <Alert type="error" showIcon message={subscribe.error} className="ss-auth-alert" /> : null}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={subscribe.pending}>{paid ? 'Subscribe' : `Switch to ${plan.name}`}</Button>
      </Space>
    </Form>
  );
}

export function PlansPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { loggedin } = useAuth();
  const subscription = useSubscription(loggedin);
  const [yearly, setYearly] = useState(search.get('yearly') === '1');
  const plans = useQuery({ queryKey: ['plans'], queryFn: accountApi.plans });
  const sportParam = search.get('sport');
  const sport: Sport = SPORTS.includes(sportParam as Sport) ? (sportParam as Sport) : 'nfl';
  const chosenName = search.get('plan');
  const chosen = useMemo(() => plans.data?.plans.find((p) => p.name.toLowerCase() === chosenName?.toLowerCase()) ?? null, [plans.data, chosenName]);

  const choose = (plan: PlanInfo) => {
    if (!loggedin) {
      // Visitors sign up first and come back here with plan and sport re-attached.
      const query = new URLSearchParams({ redirectTo: '/plans', plan: plan.name, sport });
      navigate(`/signup?${query.toString()}`);
      return;
    }
    setSearch((prev) => { const next = new URLSearchParams(prev); next.set('plan', plan.name); return next; }, { replace: true });
  };
  const closeCheckout = () => setSearch((prev) => { const next = new URLSearchParams(prev); next.delete('plan'); return next; }, { replace: true });

  return (
    <div className="ss-page ss-plans">
      <div className="ss-plans-head">
        <h1 className="ss-page-title"><CrownOutlined /> Plans</h1>
        <p className="ss-plans-lead">Unlock projections, ownership, presets from past winners and up to {MAX_LINEUP_LIMIT} lineups per build.</p>
        <Segmented
          size="large"
          value={yearly ? 'yearly' : 'monthly'}
          onChange={(v) => setYearly(v === 'yearly')}
          options={[{ label: 'Monthly', value: 'monthly' }, { label: 'Yearly · save ~17%', value: 'yearly' }]}
        />
      </div>
      {plans.isError ? <Alert type="error" showIcon message="The plans could not be loaded. Please try again." /> : null}
      {plans.isLoading ? <Skeleton active /> : null}
      <Row gutter={[20, 20]} align="stretch">
        {plans.data?.plans.map((plan) => (
          <Col xs={24} md={8} key={plan.name}>
            <PlanCard plan={plan} yearly={yearly} current={loggedin && subscription?.plan_name === plan.name && !subscription?.plan_ends} onChoose={() => choose(plan)} />
          </Col>
        ))}
      </Row>
      {plans.data?.provider === 'local' ? <p className="ss-plans-note">{LOCAL_PROVIDER_NOTICE} Cancel any time from your account.</p> : null}
      <Modal
        open={Boolean(loggedin && chosen)}
        title={chosen ? `Subscribe to ${chosen.name}` : ''}
        footer={null}
        onCancel={closeCheckout}
        destroyOnHidden
        width={480}
      >
        {chosen ? <Checkout key={chosen.name} plan={chosen} yearly={yearly} sport={sport} onClose={closeCheckout} /> : null}
      </Modal>
    </div>
  );
}
