// After a login-state change the browser goes to redirectTo with plan and sport re-attached, so a visitor lands back where they started.
export function redirectTarget(search: URLSearchParams): string {
  const raw = search.get('redirectTo');
  // Only same-site paths: an absolute URL in redirectTo must not send the user elsewhere.
  const base = raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
  const extra = new URLSearchParams();
  for (const key of ['plan', 'sport']) {
    const value = search.get(key);
    if (value) extra.set(key, value);
  }
  if ([...extra].length === 0) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${extra.toString()}`;
}

/** The query string that carries redirectTo, plan and sport from login to signup and back. */
export function carriedQuery(search: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const key of ['redirectTo', 'plan', 'sport']) {
    const value = search.get(key);
    if (value) keep.set(key, value);
  }
  const text = keep.toString();
  return text ? `?${text}` : '';
}
