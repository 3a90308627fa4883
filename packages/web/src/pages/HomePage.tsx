import { Button, Card, Col, Row, Tabs } from 'antd';
import { BarChartOutlined, ThunderboltOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { BUILDER_LINKS, builderLinksOf, builderPath, NBA_MENU_SITES, NFL_MENU_SITES, siteLabel, sportLabel, type BuilderLink } from '../shell/nav';
import { MAX_LINEUP_LIMIT } from '@stacksmith/domain';

function Feature({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <Card className="ss-feature" variant="borderless">
      <div className="ss-feature-icon">{icon}</div>
      <h3>{title}</h3>
      <p>{text}</p>
    </Card>
  );
}

/** A builder family with one link a site (the other sports, and the showdown contests). */
function BuilderLinksCard({ title, text, links }: { title: string; text: string; links: readonly BuilderLink[] }) {
  return (
    <Card className="ss-feature" variant="borderless" data-testid="builder-links-card">
      <div className="ss-feature-icon"><ThunderboltOutlined /></div>
      <h3>{title}</h3>
      <p>{text}</p>
      <div className="ss-feature-links">
        {links.map((l) => <Link key={l.to} to={l.to}><Button size="small">{l.label}</Button></Link>)}
      </div>
    </Card>
  );
}

const OTHER_SPORTS = [
  { sport: 'mlb', text: 'Classic baseball builds on DraftKings and FanDuel.' },
  { sport: 'pga', text: 'Classic golf builds on DraftKings and FanDuel.' },
  { sport: 'mma', text: 'Classic fight-card builds on DraftKings and FanDuel.' },
] as const;

/**
 * The builder's chunk, fetched as soon as a pointer nears a builder link, a finger touches it or
 * it takes focus: navigation waits for a lazy page in a transition, so without it the click on
 * "Open the NFL optimizer" seemed to do nothing while the chunk downloaded. Not fetched when
 * idle: the first page keeps within its weight budget for visitors who never open the builder.
 */
const preloadBuilder = () => { void import('../builder/BuilderRoute'); };

export function HomePage() {
  return (
    <div className="ss-home">
      <section className="ss-hero">
        <h1>Build smarter DFS lineups.</h1>
        <p>
          An exact lineup optimizer with real stacking rules, exposure control and projections for NFL, NBA, MLB, PGA and MMA on
          DraftKings, FanDuel and Yahoo.
        </p>
        <div className="ss-hero-actions">
          <Link to={builderPath('nfl', 'dk')} onPointerEnter={preloadBuilder} onFocus={preloadBuilder} onTouchStart={preloadBuilder}>
            <Button type="primary" size="large" icon={<ThunderboltOutlined />}>Open the NFL optimizer</Button>
          </Link>
          <Link to="/learn-more"><Button size="large" ghost>Learn more</Button></Link>
        </div>
      </section>
      <section className="ss-home-panel">
        <Tabs
          defaultActiveKey="builders"
          centered
          size="large"
          items={[
            {
              key: 'builders',
              label: 'Lineup Builders',
              children: (
                <Row gutter={[16, 16]}>
                  {NFL_MENU_SITES.map((s) => (
                    <Col xs={24} md={8} key={`nfl-${s}`}>
                      <Link to={builderPath('nfl', s)}><Feature icon={<ThunderboltOutlined />} title={`NFL ${siteLabel(s)}`} text="Classic and showdown builds with team and game stacks." /></Link>
                    </Col>
                  ))}
                  {NBA_MENU_SITES.map((s) => (
                    <Col xs={24} md={8} key={`nba-${s}`}>
                      <Link to={builderPath('nba', s)}><Feature icon={<ThunderboltOutlined />} title={`NBA ${siteLabel(s)}`} text="Minutes-aware builds with ownership brackets." /></Link>
                    </Col>
                  ))}
                  <Col xs={24} md={8}>
                    <BuilderLinksCard title="Showdown" text="Single-game builds around a captain who scores 1.5 times."
                      links={BUILDER_LINKS.filter((l) => l.contestType === 'showdown')} />
                  </Col>
                  {OTHER_SPORTS.map(({ sport, text }) => (
                    <Col xs={24} md={8} key={sport}>
                      <BuilderLinksCard title={sportLabel(sport)} text={text} links={builderLinksOf(sport)} />
                    </Col>
                  ))}
                </Row>
              ),
            },
            {
              key: 'onoff',
              label: 'On/Off',
              children: (
                <Row gutter={[16, 16]}>
                  <Col xs={24} md={12}>
                    <Link to="/analysis/nba/dk/Main/on-off"><Feature icon={<TeamOutlined />} title="NBA On/Off report" text="Mark players out and see their minutes and points move to teammates, with the new values per salary." /></Link>
                  </Col>
                  <Col xs={24} md={12}>
                    <Link to={builderPath('nba', 'dk')}><Feature icon={<ThunderboltOutlined />} title="Build with the new minutes" text="Take the adjusted projections straight into the NBA optimizer on DraftKings or FanDuel." /></Link>
                  </Col>
                </Row>
              ),
            },
            {
              key: 'analytics',
              label: 'Analytics',
              children: (
                <Row gutter={[16, 16]}>
                  {NFL_MENU_SITES.map((s) => (
                    <Col xs={24} md={8} key={`stacks-${s}`}>
                      <Link to={`/analysis/nfl/${s}/Main/stacks`}><Feature icon={<BarChartOutlined />} title={`NFL stacks · ${siteLabel(s)}`} text="Top stacks of past winners, how often they hit and what they scored." /></Link>
                    </Col>
                  ))}
                  <Col xs={24} md={8}>
                    <Link to="/props"><Feature icon={<BarChartOutlined />} title="Player props" text="Odds for the most receiving, rushing and passing yards and the most points." /></Link>
                  </Col>
                  <Col xs={24} md={8}>
                    <Link to="/projections/nfl/dk"><Feature icon={<BarChartOutlined />} title="NFL projections" text="Points, ceilings and ownership for every player, with a CSV download." /></Link>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      </section>
      <section className="ss-story">
        <div className="ss-story-text">
          <TrophyOutlined className="ss-story-icon" />
          <h2>Proven Success</h2>
          <p>
            Every preset in Stacksmith starts from the shape of lineups that actually won: how many teams they stacked,
            how much salary they left, how owned they were. Pick one, adjust your projections, and the optimizer builds
            the best lineups under those rules, proven optimal, not guessed.
          </p>
          <Link to="/plans"><Button type="primary" size="large">See plans</Button></Link>
        </div>
        <div className="ss-story-stats">
          <div><b>{MAX_LINEUP_LIMIT}</b><span>lineups per build</span></div>
          <div><b>3</b><span>contest sites</span></div>
          <div><b>Exact</b><span>every lineup provably best</span></div>
        </div>
      </section>
    </div>
  );
}
