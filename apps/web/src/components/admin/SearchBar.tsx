// The keyword search row above a table: a keyword box (Enter searches), optional extra filters, search and
// reset. The keyword state lives in usePagedTable (or the caller).
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import styles from './admin.module.css';
import { kitTexts } from './texts';

export interface SearchBarProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  onSearch: () => void;
  onReset: () => void;
  /** more filters placed after the keyword box */
  children?: ReactNode;
  placeholder?: string;
}

export function SearchBar({ keyword, onKeywordChange, onSearch, onReset, children, placeholder }: SearchBarProps) {
  const t = kitTexts.useText();
  return (
    <form
      className={styles.searchBar}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Input
        className={styles.searchKeyword}
        value={keyword}
        onChange={(event) => onKeywordChange(event.target.value)}
        placeholder={placeholder ?? t('keywordPlaceholder')}
        aria-label={t('keyword')}
        allowClear
      />
      {children}
      <Space size={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {t('reset')}
        </Button>
      </Space>
    </form>
  );
}
