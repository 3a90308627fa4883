// Where the top bar and footer link (spec site §1, §2).
import { SITE_NAMES, type Site } from '@stacksmith/domain';

export const NFL_MENU_SITES: readonly Site[] = ['dk', 'fd', 'ya'];
export const NBA_MENU_SITES: readonly Site[] = ['dk', 'fd'];

export const builderPath = (sport: string, site: string, contestType = 'classic', slate = 'Main') =>
  `/optimizer/${contestType}/${sport}/${site}/${encodeURIComponent(slate)}`;

export const siteLabel = (site: Site) => SITE_NAMES[site];

export const FOOTER_LINKS: readonly { label: string; to: string; external?: boolean }[] = [
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Plans', to: '/plans' },
  { label: 'Blog', to: '/blog' },
  { label: 'Analysis', to: '/analysis/nfl/dk/Main/stacks' },
  { label: 'Optimizer', to: builderPath('nfl', 'dk') },
  { label: 'Account', to: '/account' },
  { label: 'Support', to: 'mailto:support@stacksmith.app', external: true },
];
