// The platform version a backup records: the server package's.
import fs from 'node:fs';

let version: string | undefined;

export function platformVersion(): string {
  version ??= (
    JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
  return version;
}
