import { Button, Dropdown, Menu, Space, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/authStore';
import { Logo } from './Logo';
import { NBA_MENU_SITES, NFL_MENU_SITES, builderPath, siteLabel } from './nav';

const link = (to: string, label: string) => ({ key: to, label: <Link to={to}>{label}</Link> });

const MENU: MenuProps['items'] = [
  {
    key: 'builder',
    label: 'Lineup Builder',
    children: [
      { type: 'group', label: 'NFL', children: NFL_MENU_SITES.map((s) => link(builderPath('nfl', s), `NFL ${siteLabel(s)}`)) },
      { type: 'group', label: 'NBA', children: NBA_MENU_SITES.map((s) => link(builderPath('nba', s), `NBA ${siteLabel(s)}`)) },
    ],
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
  const { loggedin, name, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const section = location.pathname.split('/')[1] ?? '';
  const selected = { optimizer: 'builder', projections: 'projections', analysis: 'analytics', props: 'analytics' }[section];
  const accountItems: MenuProps['items'] = [
    { key: 'account', label: 'My Account', onClick: () => navigate('/account') },
    { key: 'logout', label: 'Logout', onClick: () => { logout(); navigate('/'); } },
  ];
  return (
    <div className="ss-topbar">
      <Logo />
      <Menu
        className="ss-topbar-menu"
        theme="dark"
        mode="horizontal"
        items={MENU}
        selectedKeys={selected ? [selected] : []}
        triggerSubMenuAction="hover"
      />
      <Space className="ss-account" size="middle">
        {loggedin ? (
          <Dropdown menu={{ items: accountItems }} trigger={['click']}>
            <Button type="text" className="ss-account-button" data-testid="account-menu">
              <UserOutlined /> {name ? name : 'Account'} <DownOutlined />
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
