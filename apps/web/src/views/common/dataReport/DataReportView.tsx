// The runtime view of a data-report menu (type 5): the report server's preview page of the
// report named by the menu's moduleId, embedded with the session token as the reference does. Without a
// configured report server, or without a report on the menu, it says so instead of showing an empty frame.
import { Result } from 'antd';
import type { RuntimeViewProps } from '../../../app/routes/types';
import { useCurrentModule } from '../../../platform/auth/moduleContext';
import { reportServerUrl } from '../../../platform/config';
import { useSession } from '../../../platform/session';
import EmbeddedPage from '../embedded/EmbeddedPage';
import { texts } from './texts';

/** The report server's preview address of one report, opened from a menu */
export function reportPreviewUrl(server: string, reportId: string, token: string): string {
  const query = new URLSearchParams({ id: reportId, token, page: '1', from: 'menu' });
  return `${server}/preview.html?${query.toString()}`;
}

export default function DataReportView({ moduleId }: RuntimeViewProps) {
  const t = texts.useText();
  const { title } = useCurrentModule();
  const token = useSession((state) => state.token) ?? '';
  const server = reportServerUrl();
  if (!server)
    return <Result status="info" title={t('notConfigured')} subTitle={t('notConfiguredHint', { name: title })} />;
  if (!moduleId) return <Result status="warning" title={t('noReport')} subTitle={t('noReportHint', { name: title })} />;
  return <EmbeddedPage title={title} src={reportPreviewUrl(server, moduleId, token)} />;
}
