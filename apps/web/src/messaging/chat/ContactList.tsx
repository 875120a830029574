// The Contacts tab: everyone one can chat with, searched by name or account, 20 at a time; the next page
// loads within 300 px of the bottom.
import { Button, Empty, Input, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTACTS_PAGE_SIZE, fetchContacts } from './api';
import styles from './chat.module.css';
import { PersonAvatar } from './PersonAvatar';
import { chatTexts } from './texts';
import type { Contact } from './types';

/** The next page loads when the list's end is this close. */
const LOAD_WITHIN_PX = 300;

interface Loaded {
  list: Contact[];
  total: number;
  page: number;
}

export function ContactList({ onChoose }: { onChoose: (contact: Contact) => void }) {
  const t = chatTexts.useText();
  const [keyword, setKeyword] = useState('');
  const [loaded, setLoaded] = useState<Loaded>({ list: [], total: 0, page: 0 });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  /** answers to an earlier keyword are dropped */
  const generation = useRef(0);

  const load = useCallback(async (search: string, page: number) => {
    const mine = ++generation.current;
    setLoading(true);
    setFailed(false);
    try {
      const result = await fetchContacts(search, page);
      if (mine !== generation.current) return;
      setLoaded((current) => ({
        list:
          page === 1
            ? result.list
            : [...current.list, ...result.list.filter((c) => !current.list.some((o) => o.id === c.id))],
        total: result.pagination.total,
        page,
      }));
    } catch {
      if (mine === generation.current) setFailed(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load('', 1);
  }, [load]);

  const hasMore = loaded.page * CONTACTS_PAGE_SIZE < loaded.total;

  const loadMoreIfNear = useCallback(() => {
    const element = scroller.current;
    if (!element || loading || failed || !hasMore) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= LOAD_WITHIN_PX)
      void load(keyword, loaded.page + 1);
  }, [loading, failed, hasMore, load, keyword, loaded.page]);

  // a page that does not fill the list asks for the next one
  useEffect(() => {
    loadMoreIfNear();
  }, [loadMoreIfNear]);

  const search = (value: string) => {
    const trimmed = value.trim();
    setKeyword(trimmed);
    setLoaded({ list: [], total: 0, page: 0 });
    scroller.current?.scrollTo?.({ top: 0 });
    void load(trimmed, 1);
  };

  return (
    <div className={styles.contacts}>
      <div className={styles.contactSearch}>
        <Input.Search
          allowClear
          placeholder={t('searchContacts')}
          aria-label={t('searchContacts')}
          onSearch={search}
          maxLength={100}
        />
      </div>
      <div ref={scroller} className={styles.scroll} onScroll={loadMoreIfNear} data-testid="chat-contacts">
        {loaded.list.length > 0 && (
          <ul className={styles.people}>
            {loaded.list.map((contact) => (
              <li key={contact.id}>
                <div className={styles.person}>
                  <button type="button" className={styles.personMain} onClick={() => onChoose(contact)}>
                    <PersonAvatar id={contact.id} name={contact.realName} headIcon={contact.headIcon} />
                    <span className={styles.personText}>
                      <span className={styles.personLine}>
                        <span className={styles.name}>
                          {contact.realName}/{contact.account}
                        </span>
                      </span>
                      <span className={styles.personLine}>
                        <span className={styles.preview}>{contact.department}</span>
                      </span>
                    </span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {loading && (
          <div className={styles.listState}>
            <Spin size="small" /> <span>{t('loading')}</span>
          </div>
        )}
        {failed && (
          <div className={styles.listState}>
            <span>{t('loadFailed')}</span>
            <Button size="small" onClick={() => void load(keyword, loaded.page + 1)}>
              {t('retry')}
            </Button>
          </div>
        )}
        {!loading && !failed && loaded.page > 0 && loaded.list.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContacts')} className={styles.empty} />
        )}
        {!loading && !failed && loaded.list.length > 0 && !hasMore && (
          <div className={styles.listEnd}>{t('noMore')}</div>
        )}
      </div>
    </div>
  );
}
