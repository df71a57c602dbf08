import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a journey (issue 15: no serious or critical violation on any page). */
const FAILING: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);

/** WCAG 2.0–2.2 A and AA, plus axe's best practices (landmarks, one main heading, …). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = AxeResults['violations'][number];

/** One line per rule and up to three offending elements each, so a failure reads without a report. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 3).map((n) => {
        const detail = n.failureSummary?.split('\n').slice(1).join(' ').trim();
        return `    ${n.target.join(' ')}${detail ? ` — ${detail}` : ''}`;
      });
      const more = v.nodes.length > 3 ? [`    … and ${v.nodes.length - 3} more`] : [];
      return [`  [${v.impact}] ${v.id}: ${v.help}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/** Whether a violation fails a journey. */
export const isFailing = (violation: Violation): boolean =>
  violation.impact !== undefined && violation.impact !== null && FAILING.has(violation.impact);

/**
 * Runs axe-core in the page, evaluated over the DevTools protocol so the app's Content-Security-Policy
 * does not stop it, and returns every violation of any impact.
 */
/** Runs axe-core in a page, or in one frame of it (a package's document inside an LMS page). */
export async function axeViolations(page: Page | Frame): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }
      ).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
  return results.violations;
}

/** Throws with a readable list when the page has a serious or critical violation. */
export async function checkAccessibility(page: Page | Frame, label: string): Promise<void> {
  const failing = (await axeViolations(page)).filter(isFailing);
  if (failing.length > 0)
    throw new Error(`accessibility violations on ${label} (${page.url()}):\n${describeViolations(failing)}`);
}
