// /formShortLink?encryption=… (public): a design's public link, opened without signing in. The
// link says which design and whether it is its form or its list; a protected link asks for its password first
// (a ticket in this tab keeps it open across reloads); then the form to fill in or the list to search.
import { parseDesignJson, type ColumnDataJson, type FormDataJson } from '@jnpf/core';
import { Button, Result, Spin } from 'antd';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryClient } from '../../../app/queryClient';
import { failureMessage } from '../../../platform/request';
import { linkApi, storedTicket, type LinkApi, type LinkOpening } from './api';
import styles from './FormShortLink.module.css';
import { LinkPassword } from './LinkPassword';
import { readLinkToken, type LinkTarget } from './linkToken';
import { PublicForm } from './PublicForm';
import { PublicList } from './PublicList';
import { texts } from './texts';

const FORM_WIDTH = 900;
const LIST_WIDTH = 1200;

function Unavailable({ error, onRetry, onPassword }: { error: unknown; onRetry: () => void; onPassword?: () => void }) {
  const t = texts.useText();
  return (
    <Result
      status="warning"
      title={t('unavailable')}
      subTitle={failureMessage(error)}
      extra={
        <>
          <Button onClick={onRetry}>{t('retry')}</Button>
          {onPassword && (
            <Button type="primary" onClick={onPassword}>
              {t('passwordAgain')}
            </Button>
          )}
        </>
      }
    />
  );
}

function Loading() {
  return (
    <div className={styles.center}>
      <Spin />
    </div>
  );
}

interface ContentProps {
  api: LinkApi;
  target: LinkTarget;
  opening: LinkOpening;
  /** the link has a password: a refused ticket (the password changed) asks for it again */
  locked: boolean;
}

function LinkContent({ api, target, opening, locked }: ContentProps) {
  const [asking, setAsking] = useState(false);
  const config = useQuery({
    queryKey: ['shortLink', target.modelId, target.type, 'config'],
    queryFn: api.config,
    retry: false,
  });
  // a form link sends only its form, a list link only its list
  const formData = useMemo(() => {
    const parsed = parseDesignJson<FormDataJson>(config.data?.formData);
    return parsed && Array.isArray(parsed.fields) ? parsed : null;
  }, [config.data]);
  const width = target.type === 'form' ? Number(formData?.generalWidth) || FORM_WIDTH : LIST_WIDTH;
  if (config.isLoading) return <Loading />;
  if (asking)
    return (
      <LinkPassword
        unlock={api.unlock}
        onUnlocked={() => {
          setAsking(false);
          void config.refetch();
        }}
      />
    );
  // the refusal says why (a changed password, a link switched off, too many tries); a protected link also
  // offers its password again
  if (config.isError || !config.data)
    return (
      <Unavailable
        error={config.error}
        onRetry={() => void config.refetch()}
        onPassword={locked ? () => setAsking(true) : undefined}
      />
    );
  const columnData = target.type === 'list' ? parseDesignJson<ColumnDataJson>(config.data.columnData) : null;
  return (
    <div className={styles.sheet} style={{ width }}>
      <h1 className={styles.header}>{opening.fullName}</h1>
      {target.type === 'form' && formData ? (
        <PublicForm api={api} formData={formData} />
      ) : columnData ? (
        <PublicList
          api={api}
          modelId={target.modelId}
          columnData={{ ...columnData, pageSize: columnData.pageSize || 20 }}
        />
      ) : null}
    </div>
  );
}

function LinkGate({ target, encryption }: { target: LinkTarget; encryption: string }) {
  const api = useMemo(() => linkApi(target, encryption), [target, encryption]);
  const opening = useQuery({
    queryKey: ['shortLink', target.modelId, target.type, 'open'],
    queryFn: api.open,
    retry: false,
  });
  const [unlocked, setUnlocked] = useState(() => !!storedTicket(target));
  if (opening.isLoading) return <Loading />;
  if (opening.isError || !opening.data)
    return <Unavailable error={opening.error} onRetry={() => void opening.refetch()} />;
  const locked = (target.type === 'form' ? opening.data.formPassUse : opening.data.columnPassUse) === 1;
  if (locked && !unlocked) return <LinkPassword unlock={api.unlock} onUnlocked={() => setUnlocked(true)} />;
  return <LinkContent api={api} target={target} opening={opening.data} locked={locked} />;
}

export default function FormShortLinkPage() {
  const t = texts.useText();
  const [params] = useSearchParams();
  const encryption = params.get('encryption');
  const target = useMemo(() => readLinkToken(encryption), [encryption]);
  // outside the main layout: this page brings its own query cache provider (the app's one cache)
  return (
    <QueryClientProvider client={queryClient}>
      <div className={styles.page}>
        {target && encryption ? (
          <LinkGate target={target} encryption={encryption} />
        ) : (
          <Result status="404" title={t('invalid')} subTitle={t('invalidHint')} />
        )}
      </div>
    </QueryClientProvider>
  );
}
