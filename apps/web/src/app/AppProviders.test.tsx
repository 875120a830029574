import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../platform/i18n';
import { AppProviders } from './AppProviders';

beforeAll(() => i18n.changeLanguage('zh'));

describe('app providers', () => {
  it('keeps the letters of a two-character Chinese button together', () => {
    render(
      <AppProviders>
        <Button>刷新</Button>
        <Button>今天</Button>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: '刷新' }).textContent).toBe('刷新');
    expect(screen.getByRole('button', { name: '今天' }).textContent).toBe('今天');
  });
});
