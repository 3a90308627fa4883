// Where the top bar and footer link.
import { NFL_SHOWDOWN_COUNTER, SITE_NAMES, SPORTS, contestTypesFor, sitesFor, type ContestType, type Site, type Sport } from '@stacksmith/domain';

export const NFL_MENU_SITES: readonly Site[] = ['dk', 'fd', 'ya'];
export const NBA_MENU_SITES: readonly Site[] = ['dk', 'fd'];

export const builderPath = (sport: string, site: string, contestType = 'classic', slate = 'Main') =>
  `/optimizer/${contestType}/${sport}/${site}/${encodeURIComponent(slate)}`;

export const siteLabel = (site: Site) => SITE_NAMES[site];

export const sportLabel = (sport: string) => sport.toUpperCase();

/** A builder's first page: nfl showdown slates live in the showdown week; the others open on their Main. */
export const builderLinkPath = (sport: Sport, site: Site, contestType: ContestType) =>
  sport === 'nfl' && contestType === 'showdown' ? `${builderPath(sport, site, contestType)}?week=${NFL_SHOWDOWN_COUNTER}` : builderPath(sport, site, contestType);

export interface BuilderLink { sport: Sport; site: Site; contestType: ContestType; to: string; label: string }

/** Every builder the roster table offers (each sport, site and contest type), for the menus, home and footer. */
export const BUILDER_LINKS: readonly BuilderLink[] = SPORTS.flatMap((sport) => sitesFor(sport).flatMap((site) => contestTypesFor(sport, site).map((contestType) => ({
  sport, site, contestType,
  to: builderLinkPath(sport, site, contestType),
  label: `${sportLabel(sport)} ${siteLabel(site)}${contestType === 'showdown' ? ' Showdown' : ''}`,
}))));

/** The builders of one sport. */
export const builderLinksOf = (sport: Sport) => BUILDER_LINKS.filter((l) => l.sport === sport);

export const FOOTER_LINKS: readonly { label: string; to: string; external?: boolean }[] = [
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Plans', to: '/plans' },
  { label: 'Blog', to: '/blog' },
  { label: 'Analysis', to: '/analysis/nfl/dk/Main/stacks' },
  { label: 'Optimizer', to: builderPath('nfl', 'dk') },
  // One link a sport (its DraftKings classic builder; the page switches site and slate).
  ...SPORTS.filter((sport) => sport !== 'nfl').map((sport) => ({ label: `${sportLabel(sport)} optimizer`, to: builderPath(sport, 'dk') })),
  { label: 'Account', to: '/account' },
  { label: 'Support', to: 'mailto:support@stacksmith.app', external: true },
];
