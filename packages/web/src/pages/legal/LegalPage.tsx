// Terms, privacy and the blog: plain pages of sections, written for this product.
import type { ReactNode } from 'react';

export interface LegalSection { title: string; body: ReactNode }

export const SUPPORT_EMAIL = 'support@stacksmith.app';

export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="ss-legal" data-testid="legal-page">
      <h1>{title}</h1>
      <p className="ss-muted">Last updated {updated}</p>
      <p>{intro}</p>
      {sections.map((s, i) => (
        <section key={s.title}>
          <h2>{i + 1}. {s.title}</h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
