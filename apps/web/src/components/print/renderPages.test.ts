// The pages as printed in the browser: a capital amount too large to write prints the overflow text in the
// interface's language, as the amount widget says it.
import { widgetMessage } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../../platform/i18n';
import { renderPages } from './renderPages';

const page = (amount: number) => ({
  printData: { amount },
  printTemplate: '<p>大写金额(<span class="wk-print-tag-wukong" data-tag="headTable.amount">{amount}</span>)</p>',
  operatorRecordList: [],
});

describe('renderPages', () => {
  it('prints an amount of more than 15 integer digits as the overflow text of the current language', () => {
    const out = renderPages([page(12), page(1e16)], {});
    expect(out.pages[0]).toBe('<p>壹拾贰元整</p>');
    expect(out.pages[1]).toBe(`<p>${widgetMessage({ key: 'amountOverflow' }, currentLanguage())}</p>`);
    expect(renderPages([page(1e16)], { language: 'en' }).pages[0]).toBe('<p>The number is too large</p>');
  });
});
