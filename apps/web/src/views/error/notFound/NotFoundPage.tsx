import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="full-page-center" style={{ background: '#fff' }}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
