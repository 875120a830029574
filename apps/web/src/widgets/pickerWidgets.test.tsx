import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => {
  mockApi()
    .on(
      'POST',
      '/api/permission/Users/ImUser/Selector/0',
      ok({
        list: [
          { id: 'u1', fullName: '张三/zhangsan', type: 'user', isLeaf: true },
          { id: 'u2', fullName: '李四/lisi', type: 'user', isLeaf: true },
        ],
      }),
    )
    .on('POST', '/api/permission/Users/getSelectedList', ok({ list: [] }))
    .on(
      'GET',
      '/api/permission/Organize/Department/Selector/0',
      ok({
        list: [
          {
            id: 'c1',
            fullName: '总公司',
            type: 'company',
            children: [
              { id: 'd1', fullName: '研发部', type: 'department' },
              { id: 'd2', fullName: '销售部', type: 'department' },
            ],
          },
        ],
      }),
    );
});

describe('picker fields', () => {
  it('gives the picked user id, and the ids of several departments (companies cannot be picked)', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('userSelect', 'owner', '负责人', { config: { required: true } }),
          fieldOf('depSelect', 'deps', '部门', { multiple: true }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('负责人不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // the user picker's dialog: its tree, then confirm
    await user.click(screen.getByLabelText('负责人'));
    const users = await screen.findByRole('dialog');
    await user.click(await within(users).findByTitle('李四/lisi'));
    await user.click(within(users).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    // the department picker's dialog: the organisation tree, then confirm
    await user.click(screen.getByLabelText('部门'));
    const deps = await waitFor(() => {
      const open = screen.getAllByRole('dialog').find((d) => within(d).queryByText('选择部门'));
      if (!open) throw new Error('no dialog');
      return open;
    });
    await user.click(await within(deps).findByTitle('研发部'));
    await user.click(within(deps).getByTitle('销售部'));
    // a company is shown for its departments but is not a choice
    await user.click(within(deps).getByTitle('总公司'));
    expect(within(within(deps).getByRole('list', { name: '已选' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(deps).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls.at(-1)![0]).toMatchObject({ owner: 'u2', deps: ['d1', 'd2'] });
  });
});
