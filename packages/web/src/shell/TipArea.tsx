import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Tooltip } from 'antd';
import { TOOLTIP_HOVER_DELAY_SECONDS } from '@stacksmith/domain';

interface Tip { text: string; rect: DOMRect }

/**
 * One tooltip for every element inside that has a `data-tip`: after the hover delay it shows that
 * text by the element. A table's rows hold dozens of buttons; a tooltip component around each cost
 * its own hooks and style work on every row rendered, for a tip one element at a time can show.
 */
export function TipArea({ children }: { children: ReactNode }) {
  const [tip, setTip] = useState<Tip | null>(null);
  const target = useRef<Element | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const close = () => {
    window.clearTimeout(timer.current);
    target.current = null;
    setTip(null);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const over = (e: MouseEvent<HTMLDivElement>) => {
    const element = (e.target as Element).closest('[data-tip]');
    if (element === target.current) return;
    close();
    if (!element || !e.currentTarget.contains(element)) return;
    target.current = element;
    timer.current = window.setTimeout(() => {
      setTip({ text: element.getAttribute('data-tip') ?? '', rect: element.getBoundingClientRect() });
    }, TOOLTIP_HOVER_DELAY_SECONDS * 1000);
  };
  const out = (e: MouseEvent<HTMLDivElement>) => {
    const next = e.relatedTarget;
    if (target.current && !(next instanceof Node && target.current.contains(next))) close();
  };
  return (
    // A click changes what the element does (Lock becomes Unlock): its old tip goes; so does a
    // tip whose element a scroll moves away (a virtual list scrolls on the wheel).
    <div onMouseOver={over} onMouseOut={out} onClickCapture={close} onScrollCapture={close} onWheelCapture={close}>
      {children}
      {tip ? createPortal(
        <Tooltip open title={tip.text}>
          <span
            aria-hidden="true"
            style={{ position: 'fixed', left: tip.rect.left, top: tip.rect.top, width: tip.rect.width, height: tip.rect.height, pointerEvents: 'none' }}
          />
        </Tooltip>,
        document.body,
      ) : null}
    </div>
  );
}
