import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveStylesheets, STYLES_MARKER } from './styles-after-skeleton';

const built = `<!doctype html>
<html lang="de">
  <head>
    <style>.boot { color: red; }</style>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body>
    <div id="root"><div class="boot" aria-busy="true"></div></div>
    ${STYLES_MARKER}
  </body>
</html>`;

describe('stylesheets after the skeleton (web build)', () => {
  it('moves the head stylesheets behind the skeleton and leaves scripts and preloads in the head', () => {
    const html = moveStylesheets(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(head).toContain('rel="modulepreload"');
    expect(head).toContain('<style>.boot');
    expect(html).not.toContain(STYLES_MARKER);
    expect(html.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-3.css">')).toBeGreaterThan(
      html.indexOf('class="boot"'),
    );
  });

  it('changes nothing without the marker', () => {
    const unmarked = built.replace(STYLES_MARKER, '');
    expect(moveStylesheets(unmarked)).toBe(unmarked);
  });

  it('finds the marker behind the skeleton in index.html', () => {
    const source = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(source.indexOf(STYLES_MARKER)).toBeGreaterThan(source.indexOf('class="boot"'));
  });
});
