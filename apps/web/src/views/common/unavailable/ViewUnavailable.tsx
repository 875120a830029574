// Shown for a menu whose view this version of the app does not contain yet, instead of a fake page.
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function ViewUnavailable({ title, target }: { title: string; target: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('unavailable.title')}
      subTitle={
        <>
          {t('unavailable.description', { name: title })}
          {target && (
            <div>
              <Typography.Text type="secondary" code>
                {target}
              </Typography.Text>
            </div>
          )}
        </>
      }
    />
  );
}
