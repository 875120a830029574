// /previewModel?id=<design id> (function preview): the designer's try-out of a function's
// draft (Config?type=0) in the same runtime view a released menu shows. A link above it opens the widget gallery
// (组件示例) when the user's menus hold it, as the menu would: a user without that menu gets no link.
import { BUILT_IN_MENUS } from '@jnpf/core';
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { findRoute, useRouteTable } from '../../../app/routes/routeTable';
import { ModelRuntime } from '../ModelRuntime';
import { texts } from '../texts';

export const GALLERY_PATH = `/${BUILT_IN_MENUS.widgetGallery.urlAddress}`;

function GalleryLink() {
  const t = texts.useText();
  const navigate = useNavigate();
  const granted = useRouteTable((state) => Boolean(findRoute(state.routes, GALLERY_PATH)));
  if (!granted) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '4px 8px 0' }}>
      <Button size="small" type="link" onClick={() => void navigate(GALLERY_PATH)}>
        {t('galleryLink')}
      </Button>
    </div>
  );
}

export default function PreviewModelPage() {
  const t = texts.useText();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) return <Result status="warning" title={t('noModel')} />;
  return (
    // the runtime's page fills its positioned parent (absolute, inset 0): here the space below the link
    <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      <GalleryLink />
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <ModelRuntime key={id} modelId={id} menuId="" preview />
      </div>
    </div>
  );
}
