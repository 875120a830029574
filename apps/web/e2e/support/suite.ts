// What every browser test file sets up first: the address of its worker's server and one browser for the file.
import type { Browser, Page } from 'playwright-core';
import { browserForFile, openInShell, type ContextOptions } from './browser';
import { e2eBaseUrl } from './server';

export interface BrowserTestFile {
  /** The address of this file's server. */
  baseUrl: string;
  /** The file's browser (see browserForFile): there in tests and in hooks registered after this call. */
  browser: () => Browser;
  /** openInShell with the file's browser and server. */
  openAt: (path: string, options?: ContextOptions) => Promise<Page>;
}

/** Call once at the top of a test file, before its own hooks. */
export function browserTestFile(): BrowserTestFile {
  const baseUrl = e2eBaseUrl();
  const browser = browserForFile();
  return { baseUrl, browser, openAt: (path, options) => openInShell(browser(), baseUrl, path, options) };
}
