// /previewModel?id=<design id> (function preview): the designer's try-out of a function's
// draft (Config?type=0) in the same runtime view a released menu shows. A link above it opens the widget gallery
// (组件示例) inside the preview (?view=widgets), for anyone who may open the preview: the gallery reads no server
// data, so it needs no grant of its own. The 组件示例 menu keeps its own route.
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ModelRuntime } from '../ModelRuntime';
import { texts } from '../texts';

/** the query value of ?view= that shows the widget gallery in place of the runtime */
export const GALLERY_VIEW = 'widgets';

// its own chunk: a preview that never opens the gallery does not load every widget three ways
const WidgetGalleryPage = lazy(() => import('../../onlineDev/widgetGallery/WidgetGalleryPage'));

function ViewSwitch({ gallery, id }: { gallery: boolean; id: string }) {
  const t = texts.useText();
  const [, setParams] = useSearchParams();
  // the gallery without a function to return to has no way back to offer
  if (gallery && !id) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '4px 8px 0' }}>
      <Button size="small" type="link" onClick={() => setParams(gallery ? { id } : { id, view: GALLERY_VIEW })}>
        {t(gallery ? 'backToPreview' : 'galleryLink')}
      </Button>
    </div>
  );
}

export default function PreviewModelPage() {
  const t = texts.useText();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const gallery = params.get('view') === GALLERY_VIEW;
  if (!id && !gallery) return <Result status="warning" title={t('noModel')} />;
  return (
    // the runtime's page (and the gallery's) fills its positioned parent (absolute, inset 0): the space below the link
    <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      <ViewSwitch gallery={gallery} id={id} />
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {gallery ? (
          <Suspense fallback={<Spin style={{ display: 'block', marginTop: 48 }} />}>
            <WidgetGalleryPage />
          </Suspense>
        ) : (
          <ModelRuntime key={id} modelId={id} menuId="" preview />
        )}
      </div>
    </div>
  );
}
