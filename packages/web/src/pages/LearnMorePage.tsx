import { Button, Card, Col, Row } from 'antd';
import { AimOutlined, ApartmentOutlined, CloudDownloadOutlined, EditOutlined, ExperimentOutlined, LineChartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { builderPath } from '../shell/nav';
import { MAX_LINEUP_LIMIT } from '@stacksmith/domain';

const POINTS = [
  { icon: <AimOutlined />, title: 'Exact optimizer', text: 'Every lineup is the proven best for the projections it was given, under all your rules.' },
  { icon: <EditOutlined />, title: 'Your projections', text: 'Override projections and ownership, boost players, and set exposures per player.' },
  { icon: <ApartmentOutlined />, title: 'Stacks and groups', text: 'Team and game stacks, bring-backs and player groups, in basic or advanced mode.' },
  { icon: <CloudDownloadOutlined />, title: 'Upload-ready exports', text: "Download lineups in each site's upload format, classic and showdown." },
  { icon: <ExperimentOutlined />, title: 'Presets from past winners', text: 'Start from the stacking, salary and ownership shapes of lineups that won similar slates.' },
  { icon: <LineChartOutlined />, title: 'Pre- and post-build analysis', text: 'See exposures, leverage against ownership and how your build compares with past winners.' },
];

const STEPS = [
  ['Pick a slate', 'NFL or NBA on DraftKings, FanDuel or Yahoo, classic or showdown.'],
  ['Shape the build', 'Adjust projections and exposures, choose a preset or set your own stacks.'],
  ['Build and export', `Stream up to ${MAX_LINEUP_LIMIT} unique lineups, review them and download the upload file.`],
];

export function LearnMorePage() {
  return (
    <div className="ss-page ss-learn">
      <h1 className="ss-page-title">Why Stacksmith</h1>
      <p className="ss-learn-lead">
        Stacksmith is a lineup builder for daily fantasy contests that solves each lineup exactly, then lets you check the
        build against what has won before.
      </p>
      <Row gutter={[16, 16]}>
        {POINTS.map(({ icon, title, text }) => (
          <Col xs={24} md={12} lg={8} key={title}>
            <Card variant="borderless" className="ss-learn-card">
              <div className="ss-feature-icon">{icon}</div>
              <h3>{title}</h3>
              <p>{text}</p>
            </Card>
          </Col>
        ))}
      </Row>
      <h2 className="ss-learn-h2">How it works</h2>
      <ol className="ss-steps">
        {STEPS.map(([title, text], i) => (
          <li key={title}><span className="ss-step-n">{i + 1}</span><div><b>{title}</b><p>{text}</p></div></li>
        ))}
      </ol>
      <div className="ss-learn-cta">
        <Link to={builderPath('nfl', 'dk')}><Button type="primary" size="large">Try the optimizer</Button></Link>
        <Link to="/plans"><Button size="large">See plans</Button></Link>
      </div>
    </div>
  );
}
