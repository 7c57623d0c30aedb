// Shrinks an element's font until its one line of text fits its box (the QR screen's amount, the
// entry's amount at 1024 px). The CSS size is the ideal; this only ever makes it smaller, measured
// after layout and again whenever the box's width changes (a window resize, fonts loading).
import { useLayoutEffect, type RefObject } from 'react';
import { fittedFontSize } from '../lib/text-fit';

export function useShrinkToFit(ref: RefObject<HTMLElement | null>, text: string): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let lastWidth = -1;
    const fit = () => {
      // Only a change of width can change the fit; the height follows the font we set.
      if (element.clientWidth === lastWidth) return;
      lastWidth = element.clientWidth;
      element.style.fontSize = '';
      const fontPx = parseFloat(getComputedStyle(element).fontSize);
      const size = fittedFontSize(fontPx, element.scrollWidth, element.clientWidth);
      if (size !== null) element.style.fontSize = `${size}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    void document.fonts?.ready.then(() => {
      lastWidth = -1;
      fit();
    });
    return () => observer.disconnect();
  }, [ref, text]);
}
