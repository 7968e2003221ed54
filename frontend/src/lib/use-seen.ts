import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has been on screen yet (it stays true), when `watch` is on; always true
 * otherwise. For what the data saver loads only once scrolled to (lib/data-saver).
 */
export function useSeen(ref: RefObject<Element | null>, watch: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!watch || seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watch, seen]);
  return seen || !watch;
}
