// The read-only view of a message template: name, code, template type (0 custom, otherwise system), message source and
// type, state switch, sort, description, the searchable parameter list, title and content; for SMS and WeChat the
// template code, the variable table, the WeChat jump mode (1 mini program, otherwise page) and the mini program id.
import { Col, Descriptions, Row, Switch } from 'antd';
import { MessageType, useCodeDictionary, usesProviderTemplate } from '../shared/codes';
import { RecordDetailModal, useDetailRows } from '../shared/RecordDetail';
import type { RecordDetailProps } from '../shared/RecordListPage';
import { templateApi } from './api';
import styles from './MsgTemplate.module.css';
import { ParamPanel } from './ParamPanel';
import { SmsFieldTable } from './SmsFieldTable';
import { TEMPLATE_DIALOG_WIDTH } from './TemplateForm';
import { texts } from './texts';

export function TemplateView(props: RecordDetailProps) {
  const t = texts.useText();
  const { row, identity } = useDetailRows();
  const sources = useCodeDictionary('msgSourceType');
  const types = useCodeDictionary('msgSendType');
  const text = (value: string | null | undefined) => <p className={styles.text}>{value ?? ''}</p>;

  return (
    <RecordDetailModal
      {...props}
      title={t('detailTitle')}
      width={TEMPLATE_DIALOG_WIDTH}
      queryKey={['msgCenter', 'msgTemplate', 'view', props.id]}
      load={templateApi.info}
    >
      {(template) => {
        const provider = usesProviderTemplate(template.messageType);
        const weChat = template.messageType === MessageType.weChat;
        return (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                ...identity(
                  template,
                  // as the list and the dialog: only '1' is a system template ('' when a caller left it out)
                  template.templateType === '1' ? t('systemTemplate') : t('customTemplate'),
                  sources.nameOf(template.messageSource),
                ),
                row('messageType', types.nameOf(template.messageType)),
                row(
                  'enabledMark',
                  <Switch size="small" checked={template.enabledMark === 1} disabled aria-label={t('enabledMark')} />,
                ),
                row('sortCode', template.sortCode),
                row('description', text(template.description), 'filled'),
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
        );
      }}
    </RecordDetailModal>
  );
}
