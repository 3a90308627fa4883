// Page views go through a pluggable tracker that is off by default (no analytics service
// is wired). Install one with setPageViewTracker.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export type PageViewTracker = (path: string) => void;

let tracker: PageViewTracker | null = null;

export function setPageViewTracker(next: PageViewTracker | null): void {
  tracker = next;
}

export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    tracker?.(location.pathname + location.search);
  }, [location.pathname, location.search]);
}
