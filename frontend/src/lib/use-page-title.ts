import { useEffect } from 'react';

export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Hdiya` : 'Hdiya';
  }, [title]);
}

/** Sets `<meta name="description">` while the page is shown, then restores the site's own text. */
export function useMetaDescription(content: string | undefined): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !content) return;
    const previous = meta.content;
    meta.content = content;
    return () => {
      meta.content = previous;
    };
  }, [content]);
}

/** The first `length` characters of a text, on one line (docs/product.md#donation-detail: meta description = 160 characters). */
export function excerpt(text: string, length: number): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, length);
}
