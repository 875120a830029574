// The read-only view of a message template (administration.md §2.9): name, code, template type (0 custom,
// otherwise system), message source and type, state switch, sort, description, the searchable parameter
// list, title and content; for SMS and WeChat the template code, the variable table, the WeChat jump mode
// (1 mini program, otherwise page) and the mini program id.
import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Modal, Row, Spin, Switch } from 'antd';
import { LoadError } from '../../../components/admin';
import { MessageType, useCodeDictionary, usesProviderTemplate } from '../shared/codes';
import { templateApi } from './api';
import styles from './MsgTemplate.module.css';
import { ParamPanel } from './ParamPanel';
import { SmsFieldTable } from './SmsFieldTable';
import { TEMPLATE_DIALOG_WIDTH } from './TemplateForm';
import { texts } from './texts';

export function TemplateView({ id, onClose }: { id?: string; onClose: () => void }) {
  const t = texts.useText();
  const sources = useCodeDictionary('msgSourceType');
  const types = useCodeDictionary('msgSendType');
  const info = useQuery({
    queryKey: ['msgCenter', 'msgTemplate', 'view', id],
    queryFn: () => templateApi.info(id!),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
  const template = info.data;
  const provider = usesProviderTemplate(template?.messageType);
  const weChat = template?.messageType === MessageType.weChat;
  const text = (value: string | null | undefined) => <p className={styles.text}>{value ?? ''}</p>;

  return (
    <Modal
      open={Boolean(id)}
      title={t('detailTitle')}
      width={TEMPLATE_DIALOG_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {info.isError ? (
        <LoadError onRetry={() => void info.refetch()} />
      ) : !template ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'fullName', label: t('fullName'), children: template.fullName },
              { key: 'enCode', label: t('enCode'), children: template.enCode },
              {
                key: 'templateType',
                label: t('templateType'),
                children: template.templateType === '0' ? t('customTemplate') : t('systemTemplate'),
              },
              { key: 'messageSource', label: t('messageSource'), children: sources.nameOf(template.messageSource) },
              { key: 'messageType', label: t('messageType'), children: types.nameOf(template.messageType) },
              {
                key: 'enabledMark',
                label: t('enabledMark'),
                children: (
                  <Switch size="small" checked={template.enabledMark === 1} disabled aria-label={t('enabledMark')} />
                ),
              },
              { key: 'sortCode', label: t('sortCode'), children: template.sortCode },
              { key: 'description', label: t('description'), span: 'filled', children: text(template.description) },
            ]}
          />
          <div className={styles.body}>
            <ParamPanel value={template.templateParamList} readOnly />
            <div className={styles.channel}>
              {!provider ? (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'title', label: t('msgTitle'), children: text(template.title) },
                    ...(template.messageType !== MessageType.inSite
                      ? [{ key: 'content', label: t('msgContent'), children: text(template.content) }]
                      : []),
                  ]}
                />
              ) : (
                <>
                  <Row gutter={16}>
                    <Col xs={24} md={12}>
                      <Descriptions
                        size="small"
                        column={1}
                        items={[{ key: 'templateCode', label: t('templateCode'), children: template.templateCode }]}
                      />
                    </Col>
                  </Row>
                  {weChat && (
                    <Descriptions
                      size="small"
                      column={{ xs: 1, md: 2 }}
                      items={[
                        {
                          key: 'wxSkip',
                          label: t('wxSkip'),
                          children: template.wxSkip === '1' ? t('wxSkipMiniProgram') : t('wxSkipPage'),
                        },
                        ...(template.wxSkip === '1'
                          ? [{ key: 'xcxAppId', label: t('xcxAppId'), children: template.xcxAppId }]
                          : []),
                      ]}
                    />
                  )}
                  <SmsFieldTable value={template.smsFieldList} params={[]} withTitle={weChat} readOnly />
                </>
              )}
            </div>
          </div>
        </>
      )}
    </Modal>
  );
}
