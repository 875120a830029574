import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { currentLanguage, loadLanguage } from '../platform/i18n';
import { loadAntdLocale } from './antdLocale';
import { AppProviders } from './AppProviders';
import './global.css';
import { createAppRouter } from './router';

function render(): void {
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Texts of a stored non-Chinese language arrive before the first paint, so nothing flashes in Chinese.
void Promise.all([loadLanguage(currentLanguage()), loadAntdLocale(currentLanguage())]).finally(render);
