// Small shared states of administration screens: load failure with retry, and the enabled/disabled tag.
import { Button, Result, Tag } from 'antd';
import { kitTexts } from './texts';

/** shown in place of a list or tree that could not be loaded */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const t = kitTexts.useText();
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      style={{ padding: '24px 8px' }}
      extra={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** enabledMark 1 shows 启用, anything else 禁用 */
export function EnabledTag({ mark }: { mark: number | null | undefined }) {
  const t = kitTexts.useText();
  return mark === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}
