// @ts-check
// Lighthouse 12.2.3 (13 needs Node 22) on the web bench's pages: its mobile profile (a mid-range
// phone, simulated slow 4G, CPU four times slower), in Debian's Chromium. Reports stay in memory:
// the bench prints their figures, nothing is written to the repository.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/**
 * @typedef {{ name: string, url: string, language: string, cookie?: string }} LighthousePage  `cookie`: a signed-in member's session cookie
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, fcp: number, lcp: number, tbt: number, cls: number }} LighthouseFigures
 */

/**
 * Runs Lighthouse on each page in turn, each in a fresh browser (an empty cache, as a first visit).
 * @param {LighthousePage[]} pages
 * @param {(page: LighthousePage, figures: LighthouseFigures) => void} report
 */
export async function runLighthouse(pages, report) {
  for (const page of pages) {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), '--headless=new'], headless: true });
    try {
      const origin = new URL(page.url).origin;
      const tab = await browser.newPage();
      // The web app's language, as it keeps it for the gateway; the session, for signed-in pages.
      await tab.setCookie(
        { name: 'hdiya.lang', value: page.language, url: origin },
        ...(page.cookie ? [{ name: 'hdiya.sid', value: decodeURIComponent(page.cookie.replace(/^hdiya\.sid=/, '')), url: origin, httpOnly: true }] : []),
      );
      const result = await lighthouse(page.url, { logLevel: 'error', onlyCategories: CATEGORIES, output: 'json' }, undefined, tab);
      if (!result) throw new Error(`lighthouse gave no result for ${page.url}`);
      const { categories, audits } = result.lhr;
      const score = (/** @type {string} */ id) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (/** @type {string} */ id) => audits[id]?.numericValue ?? NaN;
      report(page, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      });
    } finally {
      await browser.close();
    }
  }
}
