// The blog: release notes of what shipped, linking to the pages that explain each part.
import { Link } from 'react-router-dom';
import { MAX_LINEUP_LIMIT, TRIAL_DAYS } from '@stacksmith/domain';

const POSTS = [
  {
    date: 'Nov 26, 2026',
    title: 'A lineup table, reproducible builds and nba minutes',
    body: <>The Lineups tab is now a sortable, filterable table beside the exposure panel: filter by player or stack team, open a lineup, lock the ones you like so the next build keeps them, remove the rest. Every build shows its seed, and reusing it rebuilds the same lineups. The NBA builder gets projection and ownership randomness and a minutes column you can override.</>,
    link: { to: '/optimizer/classic/nfl/dk/Main', label: 'Open the NFL optimizer' },
  },
  {
    date: 'Earlier',
    title: 'Late swap and pre-build warnings',
    body: <>After Start re-optimises uploaded lineups around the players whose games have started, and the pre-build analysis flags stacks and exposures that can fail a build before you press Build.</>,
    link: { to: '/learn-more', label: 'How the optimizer works' },
  },
  {
    date: 'Earlier',
    title: 'Plans with a free trial',
    body: <>Free accounts try the optimizer with a few lineups a build; paid plans unlock up to {MAX_LINEUP_LIMIT}, projections, ownership and analysis. The first paid plan starts with a {TRIAL_DAYS}-day free trial.</>,
    link: { to: '/plans', label: 'Compare plans' },
  },
];

export function BlogPage() {
  return (
    <article className="ss-legal" data-testid="blog-page">
      <h1>Blog · Release notes</h1>
      <p className="ss-muted">What changed in Stacksmith, newest first.</p>
      {POSTS.map((post) => (
        <section key={post.title} className="ss-post">
          <div className="ss-muted">{post.date}</div>
          <h2>{post.title}</h2>
          <p>{post.body}</p>
          <Link to={post.link.to}>{post.link.label} →</Link>
        </section>
      ))}
    </article>
  );
}
