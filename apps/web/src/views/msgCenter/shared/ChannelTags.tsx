// The channels (msgSendType codes with their names) a record sends through, as coloured tags.
import { Space, Tag } from 'antd';

/** a colour per channel, so that the channels of a row tell apart at a glance */
const CHANNEL_COLORS = ['blue', 'green', 'orange', 'cyan', 'geekblue', 'magenta', 'purple'];

export function ChannelTags({ channels }: { channels: readonly { type: string; fullName: string }[] }) {
  return (
    <Space size={[0, 4]} wrap>
      {channels.map((c) => (
        <Tag key={c.type} color={CHANNEL_COLORS[(Number(c.type) - 1) % CHANNEL_COLORS.length]}>
          {c.fullName}
        </Tag>
      ))}
    </Space>
  );
}
