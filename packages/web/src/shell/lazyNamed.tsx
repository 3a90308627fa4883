import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';

/**
 * A component from a module loaded when it first renders (its own chunk): pages, and the
 * builder's heavier tabs and panels, stay out of the download and the parse until they open.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each export keeps its own props
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/** A spinner in place of a lazy panel while its chunk loads. */
export function LazyPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="ss-lazy-panel"><Spin /></div>}>{children}</Suspense>;
}
