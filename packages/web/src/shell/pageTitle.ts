// Each page's document title, so tabs, history and bookmarks tell pages apart (every page was
// "Stacksmith"). Read from the path alone, the same way the routes in App.tsx read it.
import { SITE_NAMES, type Site } from '@stacksmith/domain';

const APP = 'Stacksmith';
const FIXED: Record<string, string> = {
  '': 'Daily fantasy lineup optimizer', plans: 'Plans', account: 'My Account', login: 'Log in', signup: 'Sign up',
  'forgot-password': 'Forgot password', 'reset-password': 'Reset password', 'learn-more': 'Learn more', props: 'Player Props',
  terms: 'Terms', privacy: 'Privacy', blog: 'Blog',
};
const CONTEST_TYPES = new Set(['classic', 'showdown']);

const site = (s: string | undefined) => SITE_NAMES[s as Site] ?? s ?? '';

/** The title of the page at `pathname`; an unknown path is "Page not found". */
export function pageTitle(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const [first = '', ...rest] = parts;
  let title: string | undefined = parts.length <= 1 ? FIXED[first] : undefined;
  if (first === 'optimizer' && rest.length >= 2) {
    const [contestType, sport, siteCode] = CONTEST_TYPES.has(rest[0]!) ? rest : ['classic', ...rest];
    title = `${String(sport).toUpperCase()} ${site(siteCode)} ${contestType === 'showdown' ? 'Showdown ' : ''}Lineup Builder`;
  } else if (first === 'projections' && rest.length >= 2) {
    const [sport, siteCode] = CONTEST_TYPES.has(rest[0]!) ? rest.slice(1) : rest;
    title = `${String(sport).toUpperCase()} ${site(siteCode)} Projections`;
  } else if (first === 'analysis' && rest.length === 4) {
    const [sport, siteCode, , type] = rest;
    title = type === 'on-off' ? 'NBA On/Off Report' : `${String(sport).toUpperCase()} ${type === 'stacks' ? 'Stacks' : 'Analysis'} · ${site(siteCode)}`;
  }
  return `${title ?? 'Page not found'} · ${APP}`;
}
