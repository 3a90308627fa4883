import { useState } from 'react';
import { Button, Drawer, Dropdown, Grid, Menu, Space, type MenuProps } from 'antd';
import { DownOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth, useLogout } from '../auth/session';
import { Logo } from './Logo';
import { SPORTS } from '@stacksmith/domain';
import { NFL_MENU_SITES, builderLinksOf, siteLabel, sportLabel } from './nav';

const link = (to: string, label: string) => ({ key: to, label: <Link to={to}>{label}</Link> });

const MENU: MenuProps['items'] = [
  {
    key: 'builder',
    label: 'Lineup Builder',
    // Every sport, site and contest type of the roster table.
    children: SPORTS.map((sport) => ({ type: 'group' as const, label: sportLabel(sport), children: builderLinksOf(sport).map((l) => link(l.to, l.label)) })),
  },
  {
    key: 'projections',
    label: 'Projections',
    children: NFL_MENU_SITES.map((s) => link(`/projections/nfl/${s}`, `NFL ${siteLabel(s)}`)),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    children: [
      { type: 'group', label: 'NFL stacks', children: NFL_MENU_SITES.map((s) => link(`/analysis/nfl/${s}/Main/stacks`, `Stacks ${siteLabel(s)}`)) },
      { type: 'group', label: 'More', children: [link('/props', 'Player Props'), link('/analysis/nba/dk/Main/on-off', 'NBA On/Off')] },
    ],
  },
];

export function TopBar() {
  const { loggedin, name } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const section = location.pathname.split('/')[1] ?? '';
  const selected = { optimizer: 'builder', projections: 'projections', analysis: 'analytics', props: 'analytics' }[section];
  const accountItems: MenuProps['items'] = [
    { key: 'account', label: 'My Account', onClick: () => navigate('/account') },
    { key: 'logout', label: 'Logout', onClick: () => { logout(); navigate('/'); } },
  ];
  // A phone has no room for the horizontal menu beside the account area (it shrank to nothing):
  // below the md breakpoint the menu opens from a button in a drawer, and the account button
  // shows its icon only.
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className={`ss-topbar${phone ? ' ss-topbar-phone' : ''}`}>
      {phone ? (
        <Button type="text" className="ss-menu-button" icon={<MenuOutlined />} aria-label="Main menu" aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)} data-testid="main-menu-button" />
      ) : null}
      <Logo />
      {phone ? (
        <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} placement="left" width={280} title="Menu" className="ss-menu-drawer">
          <Menu mode="inline" items={MENU} selectedKeys={selected ? [selected] : []} defaultOpenKeys={selected ? [selected] : []}
            onClick={() => setMenuOpen(false)} data-testid="main-menu-drawer" />
        </Drawer>
      ) : (
        <Menu
          className="ss-topbar-menu"
          theme="dark"
          mode="horizontal"
          items={MENU}
          selectedKeys={selected ? [selected] : []}
          triggerSubMenuAction="hover"
        />
      )}
      <Space className="ss-account" size={phone ? 'small' : 'middle'}>
        {loggedin ? (
          <Dropdown menu={{ items: accountItems }} trigger={['click']}>
            <Button type="text" className="ss-account-button" data-testid="account-menu" aria-label={phone ? `Account: ${name || 'Account'}` : undefined}>
              <UserOutlined />{phone ? null : <> {name ? name : 'Account'} <DownOutlined /></>}
            </Button>
          </Dropdown>
        ) : (
          <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} className="ss-toplink">Login</Link>
        )}
        <Link to="/plans"><Button type="primary">Plans</Button></Link>
      </Space>
    </div>
  );
}
