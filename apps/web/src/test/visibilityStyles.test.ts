import { describe, expect, it } from 'vitest';
import { visibilityRulesOnly } from './visibilityStyles';

describe('stylesheets reduced for jsdom', () => {
  it('keeps only display, visibility and pointer-events declarations, in their rules and order', () => {
    const css =
      '.a{color:red;display:none}.b{margin:0}.c{pointer-events:none;padding:1px;visibility:hidden}.d{display:flex}';
    expect(visibilityRulesOnly(css)).toBe('.a{display:none}.c{pointer-events:none;visibility:hidden}.d{display:flex}');
  });

  it('keeps grouping rules that hold kept declarations, drops keyframes and statements', () => {
    const css =
      '@layer antd;@media (max-width: 10px){.a{display:none}.b{color:red}}@keyframes k{0%{display:none}}' +
      '@supports (display:grid){.c{color:blue}}.e[title="{x}"]{visibility:visible}';
    expect(visibilityRulesOnly(css)).toBe(
      '@media (max-width: 10px){.a{display:none}}.e[title="{x}"]{visibility:visible}',
    );
  });

  it('hides what the full stylesheet hides, and reading gives back what was written', () => {
    const style = document.createElement('style');
    style.innerHTML = '.gone{display:none;color:red}.shown{display:block}';
    document.head.appendChild(style);
    const gone = document.createElement('div');
    gone.className = 'gone';
    document.body.appendChild(gone);
    expect(getComputedStyle(gone).display).toBe('none');
    expect(style.innerHTML).toBe('.gone{display:none;color:red}.shown{display:block}');
    style.remove();
    gone.remove();
  });
});
