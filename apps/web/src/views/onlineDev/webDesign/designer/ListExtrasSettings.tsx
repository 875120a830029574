// The list design's summary row and thousands separators (showSummary with summaryField, thousands with
// thousandsField: number columns only) and its complex headers (complexHeaderList: a named, aligned parent header
// over chosen columns of the list; a column under one header at most). Each setting shows what is wrong with it
// beside it, with the words the save refuses it with (core listExtrasProblems, as the server checks).
import {
  isNumberColumnKey,
  listExtrasProblems,
  type ColumnDataJson,
  type ComplexHeader,
  type ListExtrasProblem,
} from '@jnpf/core';
import { Empty, Form, Input, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import styles from './designer.module.css';
import { AddRowButton, RemoveRowButton } from './rowButtons';
import { designerTexts } from './texts';

type Patch = (patch: Partial<ColumnDataJson>) => void;

/** the messages of the problems under a path (the path itself and what lies below it) */
function useProblemText(columnData: ColumnDataJson) {
  const t = designerTexts.useText();
  const problems = useMemo(() => listExtrasProblems(columnData), [columnData]);
  return (path: string): string | undefined => {
    const found = problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`));
    if (!found.length) return undefined;
    return found
      .map(({ code, path: _path, ...params }: ListExtrasProblem) => t(`problem_${code}`, { label: '', ...params }))
      .join('；');
  };
}

const fieldList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function SummarySettings({ columnData, set }: { columnData: ColumnDataJson; set: Patch }) {
  const t = designerTexts.useText();
  const problemAt = useProblemText(columnData);
  const numbers = columnData.columnList
    .filter((c) => isNumberColumnKey(c.jnpfKey))
    .map((c) => ({ value: c.prop, label: c.label || c.prop }));
  const choice = (
    on: 'showSummary' | 'thousands',
    fields: 'summaryField' | 'thousandsField',
    onLabel: 'showSummary' | 'thousands',
  ) => {
    const problem = problemAt(`columnData.${fields}`);
    return (
      <div className={styles.propRow}>
        <Switch
          aria-label={t(onLabel)}
          checked={columnData[on] === true}
          onChange={(checked) => set({ [on]: checked })}
        />
        <span style={{ width: 110 }}>{t(onLabel)}</span>
        <Form.Item style={{ flex: 1, marginBottom: 0 }} validateStatus={problem ? 'error' : undefined} help={problem}>
          <Select
            mode="multiple"
            aria-label={t(fields)}
            placeholder={t(fields)}
            disabled={columnData[on] !== true}
            value={fieldList(columnData[fields])}
            onChange={(value: string[]) => set({ [fields]: value })}
            options={numbers}
          />
        </Form.Item>
      </div>
    );
  };
  return (
    <Form component="div">
      {choice('showSummary', 'summaryField', 'showSummary')}
      {choice('thousands', 'thousandsField', 'thousands')}
      <Typography.Text type="secondary">{t('numberColumnsOnly')}</Typography.Text>
    </Form>
  );
}

let lastHeaderId = 0;
/** a new header's id: unique within the design (time-based, as the reference's) */
function newHeaderId(): string {
  lastHeaderId = Math.max(lastHeaderId + 1, Date.now());
  return String(lastHeaderId);
}

export function ComplexHeaderSettings({ columnData, set }: { columnData: ColumnDataJson; set: Patch }) {
  const t = designerTexts.useText();
  const problemAt = useProblemText(columnData);
  const headers: ComplexHeader[] = Array.isArray(columnData.complexHeaderList) ? columnData.complexHeaderList : [];
  const update = (index: number, patch: Partial<ComplexHeader>) =>
    set({ complexHeaderList: headers.map((h, i) => (i === index ? { ...h, ...patch } : h)) });
  const owner = new Map<string, number>();
  headers.forEach((h, i) => fieldList(h.childColumns).forEach((prop) => owner.has(prop) || owner.set(prop, i)));
  return (
    <Form component="div">
      {headers.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHeaders')} />}
      {headers.map((header, index) => {
        const at = `columnData.complexHeaderList.${index}`;
        const nameProblem = problemAt(`${at}.fullName`);
        const columnsProblem = problemAt(`${at}.childColumns`);
        const n = index + 1;
        return (
          <div
            key={header.id || index}
            className={styles.propRow}
            role="group"
            aria-label={`${t('complexHeaders')} ${n}`}
          >
            <Form.Item
              style={{ width: 180, marginBottom: 0 }}
              validateStatus={nameProblem ? 'error' : undefined}
              help={nameProblem}
            >
              <Input
                aria-label={`${t('headerName')} ${n}`}
                placeholder={t('headerName')}
                value={header.fullName ?? ''}
                onChange={(e) => update(index, { fullName: e.target.value })}
              />
            </Form.Item>
            <Select
              aria-label={`${t('align')} ${n}`}
              style={{ width: 100, alignSelf: 'flex-start' }}
              value={header.align ?? 'center'}
              onChange={(align: 'left' | 'center' | 'right') => update(index, { align })}
              options={(['left', 'center', 'right'] as const).map((value) => ({
                value,
                label: t(value === 'left' ? 'alignLeft' : value === 'center' ? 'alignCenter' : 'alignRight'),
              }))}
            />
            <Form.Item
              style={{ flex: 1, marginBottom: 0 }}
              validateStatus={columnsProblem ? 'error' : undefined}
              help={columnsProblem}
            >
              <Select
                mode="multiple"
                aria-label={`${t('childColumns')} ${n}`}
                placeholder={t('childColumns')}
                value={fieldList(header.childColumns)}
                onChange={(childColumns: string[]) => update(index, { childColumns })}
                // a column under another header is not offered again
                options={columnData.columnList.map((c) => ({
                  value: c.prop,
                  label: c.label || c.prop,
                  disabled: owner.has(c.prop) && owner.get(c.prop) !== index,
                }))}
              />
            </Form.Item>
            <div style={{ alignSelf: 'flex-start' }}>
              <RemoveRowButton
                label={`${t('removeHeader')} ${n}`}
                onClick={() => set({ complexHeaderList: headers.filter((_h, i) => i !== index) })}
              />
            </div>
          </div>
        );
      })}
      <div className={styles.propRow}>
        <AddRowButton
          onClick={() =>
            set({
              complexHeaderList: [...headers, { id: newHeaderId(), fullName: '', align: 'center', childColumns: [] }],
            })
          }
        >
          {t('addHeader')}
        </AddRowButton>
        <Typography.Text type="secondary">{t('frozenOutside')}</Typography.Text>
      </div>
    </Form>
  );
}
