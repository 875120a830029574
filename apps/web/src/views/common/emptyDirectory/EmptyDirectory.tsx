// A menu directory without any page the user may open: says so instead of a blank view or a 404.
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export default function EmptyDirectory({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-center" style={{ minHeight: 360 }}>
      <Empty description={t('directory.empty', { name: title })} />
    </div>
  );
}
