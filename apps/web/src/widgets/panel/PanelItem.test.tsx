// A property panel's row: its label names the control, a problem marks the control and is announced, a hint
// shows under it.
import { render, screen } from '@testing-library/react';
import { Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { PanelItem } from './PanelItem';

describe('PanelItem', () => {
  it('labels its control', () => {
    render(
      <PanelItem label="控件标题" htmlFor="prop-label" extra="显示在表单中">
        <Input id="prop-label" />
      </PanelItem>,
    );
    expect(screen.getByLabelText('控件标题').id).toBe('prop-label');
    expect(screen.getByText('显示在表单中')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('控件标题').className).not.toContain('status-error');
  });

  it('marks the control with its problem, as an error or a warning', () => {
    const { rerender } = render(
      <PanelItem label="控件字段" htmlFor="prop-vModel" help="控件字段不能为空">
        <Input id="prop-vModel" />
      </PanelItem>,
    );
    expect(screen.getByRole('alert').textContent).toBe('控件字段不能为空');
    expect(screen.getByLabelText('控件字段').className).toContain('status-error');
    rerender(
      <PanelItem label="控件字段" htmlFor="prop-vModel" help="公式不完整" validateStatus="warning">
        <Input id="prop-vModel" />
      </PanelItem>,
    );
    expect(screen.getByLabelText('控件字段').className).toContain('status-warning');
  });
});
