// Runs in each page the web bench loads, before any of the page's scripts (web-bench.mjs): marks
// the first heading and every photo for the Element Timing API, whose entries say when each was
// first painted (a photo: decoded and drawn), relative to the start of the navigation.
(() => {
  const found = { heading: null, photos: [] };
  Object.defineProperty(window, '__webBench', { value: found });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const time = entry.renderTime || entry.loadTime;
      if (entry.identifier === 'bench-heading' && found.heading === null) found.heading = time;
      const rect = entry.intersectionRect;
      if (entry.identifier === 'bench-photo') found.photos.push({ time, inView: rect.width > 0 && rect.height > 0 });
    }
  }).observe({ type: 'element', buffered: true });
  const mark = () => {
    for (const h1 of document.querySelectorAll('h1:not([elementtiming])')) h1.setAttribute('elementtiming', 'bench-heading');
    for (const img of document.querySelectorAll('img[src*="/api/images/"]:not([elementtiming])')) img.setAttribute('elementtiming', 'bench-photo');
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true });
})();
