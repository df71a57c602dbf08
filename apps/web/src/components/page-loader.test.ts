import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoader } from './page-loader.tsx';

describe('PageLoader', () => {
  it('is a live status region, so its label is allowed and announced (axe: aria-prohibited-attr)', () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(PageLoader)));
    const root = html.match(/<div[^>]*aria-busy="true"[^>]*>/)?.[0] ?? '';
    expect(root).toContain('role="status"');
    expect(root).toContain('aria-label=');
  });
});
