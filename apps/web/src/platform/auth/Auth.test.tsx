import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../session';
import { Auth } from './Auth';
import { ModuleContext } from './moduleContext';

function renderIn(menuId: string) {
  return render(
    <ModuleContext.Provider value={{ menuId, title: 'x' }}>
      <Auth code="btn_add">
        <button>add</button>
      </Auth>
      <Auth code="btn_remove">
        <button>remove</button>
      </Auth>
    </ModuleContext.Provider>,
  );
}

describe('Auth', () => {
  it('shows only the buttons the current module grants', () => {
    useSession.setState({
      permissionList: [
        {
          modelId: 'm1',
          moduleName: 'M',
          button: [{ id: 'b', fullName: 'Add', enCode: 'btn_add' }],
          column: [],
          form: [],
          resource: [],
        },
      ],
    });
    renderIn('m1');
    expect(screen.queryByText('add')).not.toBeNull();
    expect(screen.queryByText('remove')).toBeNull();
  });

  it('shows nothing in a module without an entry', () => {
    useSession.setState({ permissionList: [] });
    renderIn('m2');
    expect(screen.queryByText('add')).toBeNull();
  });
});
