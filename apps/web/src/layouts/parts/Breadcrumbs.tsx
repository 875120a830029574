import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedTitle, type ViewInfo } from '../../app/routes/viewInfo';

/** Home › directories › current view. */
export default function Breadcrumbs({ view }: { view: ViewInfo | null }) {
  const { t } = useTranslation();
  const items: { key: string; title: ReactNode }[] = [
    { key: 'home', title: <Link to="/home">{t('route.home')}</Link> },
  ];
  if (view && view.name !== 'home') {
    for (const parent of view.parents) {
      items.push({
        key: `dir-${parent.name}`,
        title: localizedTitle({ titleKey: null, name: parent.name, title: parent.title }),
      });
    }
    items.push({ key: 'current', title: localizedTitle(view) });
  }
  return <Breadcrumb items={items} />;
}
