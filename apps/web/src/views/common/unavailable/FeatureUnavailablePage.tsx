// A fixed route of a feature this version does not contain (/emailDetail, /workFlowDetail,
// /workFlow/entrust, which messages of those features open): says so instead of "page not found".
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentView, useLocalizedTitle } from '../../../app/routes/viewInfo';

export default function FeatureUnavailablePage() {
  const { t } = useTranslation();
  const name = useLocalizedTitle(useCurrentView());
  return <Result status="info" title={t('unavailable.title')} subTitle={t('unavailable.feature', { name })} />;
}
