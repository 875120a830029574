import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from './testUtils';
import { toOptions, useClearDictionaryCache, useDictionary } from './useDictionary';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

function Show({ code }: { code: string }) {
  const { items, options, isTree } = useDictionary(code);
  return (
    <div data-testid={code}>
      {isTree ? 'tree:' : 'flat:'}
      {items.map((i) => i.fullName).join(',')}|{options.map((o) => o.value).join(',')}
    </div>
  );
}

function Clear() {
  const clear = useClearDictionaryCache();
  return <button onClick={() => void clear()}>clear</button>;
}

describe('useDictionary', () => {
  it('loads every dictionary once, serves them by code and reloads after the cache is cleared', async () => {
    let version = 1;
    const api = mockApi().on('GET', '/api/system/DictionaryData/All', () =>
      ok({
        list: [
          {
            id: 't1',
            fullName: '业务类型',
            enCode: 'businessType',
            isTree: 0,
            dictionaryList: [{ id: 'i1', fullName: `订单${version}`, enCode: 'order' }],
          },
          {
            id: 't2',
            fullName: '行业',
            enCode: 'IndustryType',
            isTree: 1,
            dictionaryList: [
              { id: 'j1', fullName: '制造', enCode: 'm', children: [{ id: 'j2', fullName: '汽车', enCode: 'c' }] },
            ],
          },
        ],
      }),
    );
    renderAdmin(
      <>
        <Show code="businessType" />
        <Show code="IndustryType" />
        <Clear />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('businessType').textContent).toBe('flat:订单1|i1'));
    expect(screen.getByTestId('IndustryType').textContent).toBe('tree:制造|j1');
    expect(api.callsTo('GET', '/api/system/DictionaryData/All')).toHaveLength(1);

    version = 2;
    await userEvent.click(screen.getByText('clear'));
    await waitFor(() => expect(screen.getByTestId('businessType').textContent).toBe('flat:订单2|i1'));
    expect(api.callsTo('GET', '/api/system/DictionaryData/All')).toHaveLength(2);
  });

  it('turns nested items into nested options', () => {
    expect(
      toOptions([{ id: 'a', fullName: 'A', enCode: 'a', children: [{ id: 'b', fullName: 'B', enCode: 'b' }] }]),
    ).toEqual([{ value: 'a', label: 'A', children: [{ value: 'b', label: 'B' }] }]);
  });
});
