import { FOOTER_YEAR } from '@stacksmith/domain';
import { Link } from 'react-router-dom';
import { FOOTER_LINKS } from './nav';

export function Footer() {
  return (
    <footer className="ss-footer">
      <nav>
        {FOOTER_LINKS.map((l) =>
          l.external ? <a key={l.label} href={l.to}>{l.label}</a> : <Link key={l.label} to={l.to}>{l.label}</Link>,
        )}
      </nav>
      <div className="ss-footer-copy">© {FOOTER_YEAR} Stacksmith. Daily fantasy tools for DraftKings, FanDuel and Yahoo.</div>
    </footer>
  );
}
