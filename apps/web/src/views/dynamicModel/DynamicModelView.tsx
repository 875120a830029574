// The runtime view of menu type 3 (a released online-development function), registered in the view
// registry as runtimes.dynamicModel: its own chunk, loaded when such a menu is first opened.
import type { RuntimeViewProps } from '../../app/routes/types';
import { useCurrentModule } from '../../platform/auth/moduleContext';
import { ModelRuntime } from './ModelRuntime';

export default function DynamicModelView({ menuId, moduleId }: RuntimeViewProps) {
  const { title } = useCurrentModule();
  return <ModelRuntime key={moduleId} modelId={moduleId} menuId={menuId} preview={false} title={title} />;
}
