// /previewModel?id=<design id> (function preview): the designer's try-out of a function's
// draft (Config?type=0) in the same runtime view a released menu shows.
import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { ModelRuntime } from '../ModelRuntime';
import { texts } from '../texts';

export default function PreviewModelPage() {
  const t = texts.useText();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) return <Result status="warning" title={t('noModel')} />;
  return <ModelRuntime key={id} modelId={id} menuId="" preview />;
}
