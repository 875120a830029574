import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { http } from '../../platform/request';
import { FormDialog } from './FormDialog';
import { required } from './rules';
import { mockApi, ok, renderAdmin } from './testUtils';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

interface Values {
  fullName: string;
  enCode: string;
}

function Harness({ onSaved, delay = 30 }: { onSaved: () => void; delay?: number }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  return (
    <FormDialog<Values>
      open={open}
      title="新建"
      form={form}
      closeDelayMs={delay}
      initialValues={{ fullName: '', enCode: '' }}
      onSubmit={(values) => http.post('/api/things', values)}
      onSaved={() => {
        onSaved();
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    >
      <Form.Item name="fullName" label="名称" rules={[required('请输入名称')]}>
        <Input />
      </Form.Item>
      <Form.Item name="enCode" label="编码">
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
});

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('FormDialog', () => {
  it('validates before sending, then shows the server message for 1.5 s and closes after it', async () => {
    const onSaved = vi.fn();
    api.on('GET', '/api/none', ok()).on('POST', '/api/things', ok(undefined, '新建成功'));
    const user = userEvent.setup({ delay: null });
    // the real pause is 1.5 s; a longer one here keeps the "still busy" check meaningful on a loaded machine
    renderAdmin(<Harness onSaved={onSaved} delay={5000} />);
    await user.click(okButton());
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('名称'), '苹果');
    await user.type(screen.getByLabelText('编码'), 'apple{Enter}');
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    expect(api.calls[0]!.body).toEqual({ fullName: '苹果', enCode: 'apple' });
    // the button stays busy while the message shows; the dialog closes afterwards
    // (antd shows the busy state a render after it is set: wait for it rather than read it at once)
    await waitFor(() => expect(okButton().className).toMatch(/loading/));
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  }, 30_000);

  it('keeps everything typed after a refusal, resets the loading state and shows field messages', async () => {
    const onSaved = vi.fn();
    api.on('POST', '/api/things', {
      code: 401,
      msg: '数据验证失败',
      data: { errors: { enCode: '编码只能输入英文、数字和小数点且小数点不能放在首尾' } },
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness onSaved={onSaved} />);
    await user.type(screen.getByLabelText('名称'), '苹果');
    await user.type(screen.getByLabelText('编码'), '.x.');
    await user.click(okButton());
    expect(await screen.findByText('编码只能输入英文、数字和小数点且小数点不能放在首尾')).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('数据验证失败', 1.5);
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('苹果');
    expect((screen.getByLabelText('编码') as HTMLInputElement).value).toBe('.x.');
    await waitFor(() => expect(okButton().className).not.toMatch(/loading/));
    expect(onSaved).not.toHaveBeenCalled();

    // a second try goes through
    api.on('POST', '/api/things', ok(undefined, '新建成功'));
    await user.clear(screen.getByLabelText('编码'));
    await user.type(screen.getByLabelText('编码'), 'x');
    await user.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });
});

describe('FormDialog reopened', () => {
  it('starts each opening from its own initial values', async () => {
    function Reopen() {
      const [form] = Form.useForm<Values>();
      const [opening, setOpening] = useState<{ open: boolean; name: string }>({ open: true, name: 'A' });
      return (
        <>
          <button onClick={() => setOpening({ open: true, name: 'B' })}>again</button>
          <FormDialog<Values>
            open={opening.open}
            title="对话框"
            form={form}
            initialValues={{ fullName: opening.name, enCode: '' }}
            onSubmit={() => http.post('/api/things')}
            onCancel={() => setOpening((o) => ({ ...o, open: false }))}
          >
            <Form.Item name="fullName" label="名称">
              <Input />
            </Form.Item>
          </FormDialog>
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Reopen />);
    await user.type(screen.getByLabelText('名称'), '-typed');
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('A-typed');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByLabelText('名称')).toBeNull());
    await user.click(screen.getByText('again'));
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('B'));
  });
});
