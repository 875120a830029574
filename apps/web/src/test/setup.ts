// jsdom lacks a few browser APIs that antd relies on.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { cacheComputedStyles } from './computedStyleCache';
import { keepOnlyVisibilityStyles } from './visibilityStyles';

keepOnlyVisibilityStyles();
cacheComputedStyles();
// findBy*/waitFor wait for the condition; on a busy two-core machine a lazily loaded dialog can take longer
// than testing-library's 1 s default to arrive, which is slowness, not failure
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// React's scheduler may still have work queued (toasts rendered into their own roots); let it finish while
// the DOM still exists, so it does not run after the environment is torn down.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
