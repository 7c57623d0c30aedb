// The laid-out width of an element's text, kept current as it changes or fonts load: the history
// sizes its amount column to the widest amount as this system's font really draws it.
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useMeasuredWidth(ref: RefObject<HTMLElement | null>, text: string): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.ceil(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return width;
}
