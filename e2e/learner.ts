import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { shoot } from './browser.ts';

/** Whether the first element with this text is on screen. */
export const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

/** Takes the assessment in the learner app: every radio group answered with its first or last choice. */
export async function takeAssessment(page: Page, pick: 'first' | 'last', shotPrefix: string) {
  await page
    .getByRole('button', { name: /Start the assessment|Continue/ })
    .first()
    .click();
  let shots = 0;
  for (let step = 0; step < 40; step++) {
    const finish = page.getByRole('button', { name: 'Finish and see my result' });
    if (await finish.isVisible()) {
      await shoot(page, `${shotPrefix}-finish`);
      await finish.click();
      break;
    }
    const heading = await page.getByRole('heading', { level: 2 }).first().textContent();
    // A multiple-choice action is a group of radio cards; a yes-no list has a Yes/No pair per statement.
    const actions = page.getByRole('group');
    for (let a = 0; a < (await actions.count()); a++) {
      const action = actions.nth(a);
      const pairs = action.getByRole('radiogroup');
      const sets = (await pairs.count()) > 0 ? await pairs.all() : [action];
      for (const set of sets) {
        const radios = set.getByRole('radio');
        await (pick === 'first' ? radios.first() : radios.last()).check({ force: true });
      }
    }
    if (shots < 1) {
      await shoot(page, `${shotPrefix}-question`);
      shots++;
    }
    // Auto-advance moves on once every action of the question is answered.
    await expect
      .poll(
        async () =>
          (await finish.isVisible()) ||
          (await page.getByRole('heading', { level: 2 }).first().textContent()) !== heading,
        { timeout: 10_000 },
      )
      .toBe(true);
  }
  await expect.poll(() => visible(page, /of 100/), { timeout: 20_000 }).toBe(true);
  await shoot(page, `${shotPrefix}-result`);
}
