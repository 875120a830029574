// Route-level failures. A route that does not exist goes to /404; anything else (a view that threw, a chunk that failed
// to load after a deployment) offers a reload rather than a misleading 404. Plain markup: this page is part of the
// start-up bundle, antd's Result (with its illustrations) is not.
import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';

export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  const detail = error instanceof Error ? error.message : '';
  return (
    <div className="full-page-center" role="alert">
      <div style={{ textAlign: 'center', maxWidth: 480 }}>
        <CloseCircleFilled style={{ fontSize: 64, color: '#ff4d4f' }} />
        <h2 style={{ margin: '20px 0 8px', fontWeight: 500 }}>{t('error.title')}</h2>
        <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px', wordBreak: 'break-word' }}>
          {detail || t('error.description')}
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </div>
    </div>
  );
}
