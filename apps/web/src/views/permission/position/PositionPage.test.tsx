import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { paged, renderScreen, serveApi } from '../../../test/screen';
import { expectListLayout } from '../../../components/crud/testkit';
import PositionPage from './PositionPage';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const api = (extra = {}) =>
  serveApi({
    'GET /api/permission/Position': paged([
      {
        id: 'p1',
        fullName: '经理',
        enCode: 'MGR',
        type: '管理岗',
        department: '总公司',
        organizeId: 'c1',
        description: '',
        enabledMark: 1,
        sortCode: 0,
        creatorTime: 0,
      },
    ]),
    'GET /api/permission/Organize/AsyncList/-1': { list: [] },
    'GET /api/permission/Organize/Department/Selector/0': { list: [{ id: 'c1', fullName: '总公司', type: 'company' }] },
    'GET /api/system/DictionaryData/All': {
      list: [flatDictionary('t', 'PositionType', '岗位类型', [{ id: 'i1', enCode: '1', fullName: '管理岗' }])],
    },
    ...extra,
  });

describe('position screen', () => {
  it(
    'lists positions and, on a new one, shows the name and code rules before sending anything',
    { timeout: 90_000 },
    async () => {
      const { calls } = api();
      renderScreen(<PositionPage />);
      expect(await screen.findByText('经理')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('岗位名称'), { target: { value: 'a@b' } });
      fireEvent.change(within(dialog).getByLabelText('岗位编码'), { target: { value: '.x' } });
      await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      expect(await within(dialog).findByText('名称不能含有特殊符号')).toBeTruthy();
      expect(await within(dialog).findByText('编码只能输入英文、数字和小数点且小数点不能放在首尾')).toBeTruthy();
      expect(await within(dialog).findByText('所属组织不能为空')).toBeTruthy();
      expect(await within(dialog).findByText('岗位类型不能为空')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    },
  );

  it('keeps the dialog and everything typed when the save is refused', { timeout: 90_000 }, async () => {
    const { calls } = api({
      'GET /api/permission/Position/p1': {
        id: 'p1',
        organizeId: 'c1',
        fullName: '经理',
        enCode: 'MGR',
        type: '1',
        enabledMark: 1,
        sortCode: 0,
        description: '',
        version: 3,
      },
      'PUT /api/permission/Position/p1': { code: 400, msg: '岗位名称不能重复', data: null },
    });
    renderScreen(<PositionPage />);
    await screen.findByText('经理');
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByLabelText('岗位名称') as HTMLInputElement).value).toBe('经理'));
    fireEvent.change(within(dialog).getByLabelText('岗位名称'), { target: { value: '经理二' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ organizeId: 'c1', fullName: '经理二', enCode: 'MGR', type: '1', version: 3 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText('岗位名称') as HTMLInputElement).value).toBe('经理二');
  });

  it(
    'keeps 编辑 and 删除 in the row and the state toggle under 更多, with every column reachable',
    { timeout: 90_000 },
    async () => {
      api();
      const { container } = renderScreen(<PositionPage />);
      const row = (await screen.findByText('经理')).closest('tr')!;
      expectListLayout(container);
      expect(within(row).queryByRole('button', { name: /禁\s*用/ })).toBeNull();
      await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
      expect(within(await screen.findByRole('menu')).getByText('禁用')).toBeTruthy();
    },
  );
});
