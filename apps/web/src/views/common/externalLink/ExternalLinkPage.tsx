// /externalLink?href=<encoded address>: an external address opened inside the app. Only
// http(s) addresses (absolute, or relative to this site) are shown, so that a crafted link cannot run script.
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import EmbeddedPage from '../embedded/EmbeddedPage';

/** The address to embed, or null when the parameter is missing or not an http(s) address. */
export function embeddableHref(raw: string | null): string | null {
  if (!raw) return null;
  let href = raw.trim();
  // Some callers encode the address twice; one more decoding step when it still looks encoded.
  if (/^https?%3A/i.test(href)) {
    try {
      href = decodeURIComponent(href);
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(href, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export default function ExternalLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const href = embeddableHref(params.get('href'));
  if (!href) {
    return (
      <div className="full-page-center" style={{ minHeight: 360 }}>
        <Empty description={t('externalLink.invalid')} />
      </div>
    );
  }
  return <EmbeddedPage title={t('route.externalLink')} src={href} />;
}
