// The search panel of a list: a widget per search item (searchList), a keyword box when any item is matched
// by keyword (isKeyword), search and reset. Search gives the keyword and the queryJson object.
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { SearchItem } from '@jnpf/core';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { kitTexts } from '../../components/admin/texts';
import { SearchWidget } from '../../widgets/SearchWidget';
import { searchQueryOf } from './model';
import { texts } from './texts';

/** the keyword's name in the search form: record keys start with a letter, so it meets none of them */
const KEYWORD = '__keyword';
/** the rows' own gap spaces the items; no form-item margin below the last row */
const ITEM_STYLE = { marginBottom: 0 };

export interface ModelSearchProps {
  searchList: readonly SearchItem[];
  initialValues: Record<string, unknown>;
  /**
   * the masked fields this user reads masked (may not edit): the server matches them only by their whole value,
   * so their boxes say so
   */
  exactProps?: ReadonlySet<string>;
  onSearch: (keyword: string, query: Record<string, unknown>) => void;
}

export function ModelSearch({ searchList, initialValues, exactProps, onSearch }: ModelSearchProps) {
  const k = kitTexts.useText();
  const t = texts.useText();
  const exact = (prop: string) => exactProps?.has(prop) === true;
  const exactKeyword = searchList.some((item) => item.isKeyword && exact(item.prop));
  const [form] = Form.useForm<Record<string, unknown>>();
  const hasKeyword = searchList.some((item) => item.isKeyword);
  const run = (values: Record<string, unknown>) =>
    onSearch(typeof values[KEYWORD] === 'string' ? values[KEYWORD] : '', searchQueryOf(searchList, values));
  return (
    <Form form={form} name="search" layout="horizontal" initialValues={initialValues} onFinish={run} role="search">
      <Row gutter={[16, 12]}>
        {hasKeyword && (
          <Col xs={24} md={12} lg={6}>
            <Form.Item
              name={KEYWORD}
              label={k('keyword')}
              tooltip={exactKeyword ? t('maskedSearchTip') : undefined}
              style={ITEM_STYLE}
            >
              <Input placeholder={k('keywordPlaceholder')} allowClear />
            </Form.Item>
          </Col>
        )}
        {searchList.map((item) => (
          <Col key={item.prop} xs={24} md={12} lg={6}>
            <Form.Item
              name={item.prop}
              label={item.label}
              tooltip={exact(item.prop) ? t('maskedSearchTip') : undefined}
              style={ITEM_STYLE}
            >
              <SearchWidget item={item} exact={exact(item.prop)} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} lg={6}>
          <Form.Item style={ITEM_STYLE}>
            <Space size={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {k('search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  run(form.getFieldsValue(true));
                }}
              >
                {k('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
