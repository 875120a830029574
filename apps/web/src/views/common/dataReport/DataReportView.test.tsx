import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../../components/admin/testUtils';
import DataReportView from './DataReportView';

afterEach(() => vi.unstubAllEnvs());

describe('data-report menu (type 5)', () => {
  it("embeds the report server's preview of the menu's report with the session token", () => {
    vi.stubEnv('VITE_REPORT_SERVER_URL', 'https://reports.example.com/ ');
    renderAdmin(<DataReportView menuId="m" moduleId="r 1" isTree={false} />);
    const frame = screen.getByTitle('M');
    const url = new URL(frame.getAttribute('src') ?? '');
    expect(url.origin + url.pathname).toBe('https://reports.example.com/preview.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'r 1', token: 'bearer test', page: '1', from: 'menu' });
  });

  it('says that no report server is configured instead of an empty frame', () => {
    vi.stubEnv('VITE_REPORT_SERVER_URL', '');
    renderAdmin(<DataReportView menuId="m" moduleId="r1" isTree={false} />);
    expect(screen.getByText('报表服务未配置')).toBeTruthy();
    expect(screen.queryByTitle('M')).toBeNull();
  });

  it('says that the menu has no report', () => {
    vi.stubEnv('VITE_REPORT_SERVER_URL', 'https://reports.example.com');
    renderAdmin(<DataReportView menuId="m" moduleId="" isTree={false} />);
    expect(screen.getByText('菜单未关联报表')).toBeTruthy();
    expect(screen.getByText('请在菜单管理中为“M”选择要显示的报表。')).toBeTruthy();
  });
});
