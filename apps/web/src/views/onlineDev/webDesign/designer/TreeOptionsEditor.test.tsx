import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldOption } from '@jnpf/core';
import { renderAdmin } from '../../../../components/admin/testUtils';
import { flattenOptions } from './model';
import { changeOption, TreeOptionsEditor } from './TreeOptionsEditor';

vi.setConfig({ testTimeout: 30_000 });

const tree: FieldOption[] = [
  { fullName: 'A', id: '1', children: [{ fullName: 'A1', id: '2' }] },
  { fullName: 'B', id: '3' },
];

describe('tree options', () => {
  it('change, remove and flatten options at any depth', () => {
    expect(changeOption(tree, [0, 0], (o) => ({ ...o, fullName: 'A-1' }))[0]!.children![0]!.fullName).toBe('A-1');
    // the last child removed: the parent becomes a leaf again
    expect(changeOption(tree, [0, 0], () => null)[0]).toEqual({ fullName: 'A', id: '1' });
    expect(flattenOptions(tree).map((o) => o.id)).toEqual(['1', '2', '3']);
  });

  it('adds a child under an option and a new top option, each with a fresh value', () => {
    const seen: FieldOption[][] = [];
    function Harness() {
      const [options, setOptions] = useState(tree);
      return (
        <TreeOptionsEditor
          options={options}
          onChange={(next) => {
            seen.push(next);
            setOptions(next);
          }}
        />
      );
    }
    renderAdmin(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /添加子选项 2$/ }));
    expect(seen.at(-1)![1]).toMatchObject({ id: '3', children: [{ id: '4' }] });
    fireEvent.click(screen.getByRole('button', { name: /添加选项/ }));
    expect(seen.at(-1)!.map((o) => o.id)).toEqual(['1', '3', '5']);
    expect(screen.getByRole('textbox', { name: '选项值 2.1' })).toBeTruthy();
  });
});
