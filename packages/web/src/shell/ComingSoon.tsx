import { Button, Result } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { builderPath } from './nav';

/** A page whose content a later release fills: a heading and a short notice, never a blank page. */
export function ComingSoon({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="ss-page">
      <h1 className="ss-page-title">{title}</h1>
      <Result
        className="ss-coming"
        icon={<RocketOutlined />}
        title="Coming soon"
        subTitle={detail ?? 'This page is on its way. In the meantime, build lineups in the optimizer.'}
        extra={<Link to={builderPath('nfl', 'dk')}><Button type="primary">Open the NFL optimizer</Button></Link>}
      />
    </div>
  );
}

/** An address the app does not have: said plainly (it read "Coming soon"), with the ways on. */
export function NotFound() {
  return (
    <div className="ss-page" data-testid="not-found">
      <h1 className="ss-page-title">Page not found</h1>
      <Result
        className="ss-coming"
        status="404"
        title="There is nothing at this address"
        subTitle="The link may be old or mistyped."
        extra={[
          <Link key="home" to="/"><Button>Home</Button></Link>,
          <Link key="builder" to={builderPath('nfl', 'dk')}><Button type="primary">Open the NFL optimizer</Button></Link>,
        ]}
      />
    </div>
  );
}
