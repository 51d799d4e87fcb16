import { useState } from 'react';
import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import {
  ErrorBanner,
  PageLoader,
  Text,
  useToast,
  Panel,
  Stack,
  splitRow,
  focusRing,
} from 'shared-ui';
import {
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  type NotificationPreferences,
} from './settingsApi';

const CHANNELS: readonly { key: keyof NotificationPreferences; label: string; text: string }[] = [
  { key: 'in_app', label: 'In-App', text: 'Alerts inside the app while you use it.' },
  { key: 'email', label: 'Email', text: 'Joins, conversions and payouts by email.' },
  { key: 'sms', label: 'SMS', text: 'Short text messages for urgent account news.' },
  { key: 'push', label: 'Push', text: 'Notifications on your devices.' },
  { key: 'chat', label: 'Chat', text: 'Messages from brands in chat.' },
];

/**
 * Settings → Notification & Preferences: each switch saves at once. While a save is on its way
 * the switch shows the new state; a failed save puts it back and says so.
 */
export function NotificationSettings() {
  const { data, isLoading, isError, refetch } = useGetNotificationPreferencesQuery();
  const [save] = useSaveNotificationPreferencesMutation();
  const [pending, setPending] = useState<NotificationPreferences | null>(null);
  const toast = useToast();

  if (isLoading) return <PageLoader label="Loading preferences" />;
  if (isError || !data) {
    return <ErrorBanner message="Failed to load preferences" onRetry={() => void refetch()} />;
  }
  const shown = pending ?? data;

  const toggle = async (key: keyof NotificationPreferences) => {
    const next = { ...shown, [key]: !shown[key] };
    setPending(next);
    try {
      await save(next).unwrap();
      toast.success('Preferences saved');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to save preferences'));
    }
    setPending(null);
  };

  return (
    <Section title="Notification & Preferences" gap={2}>
      <Text muted size="sm">
        Choose how we reach you. Changes are saved as you make them.
      </Text>
      <List gap={0}>
        {CHANNELS.map((channel) => {
          const on = shown[channel.key];
          const labelId = `pref-${channel.key}-label`;
          const textId = `pref-${channel.key}-text`;
          return (
            <Row key={channel.key}>
              <div>
                <Label id={labelId}>{channel.label}</Label>
                <Text size="sm" muted id={textId}>
                  {channel.text}
                </Text>
              </div>
              <Switch
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={labelId}
                aria-describedby={textId}
                disabled={pending !== null}
                onClick={() => void toggle(channel.key)}
                $on={on}
              >
                <Knob $on={on} />
              </Switch>
            </Row>
          );
        })}
      </List>
    </Section>
  );
}

const Section = styled(Panel)`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

const List = styled(Stack)`
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

const Row = styled.div`
  ${splitRow(3, 4)}
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Label = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Switch = styled.button<{ $on: boolean }>`
  position: relative;
  flex-shrink: 0;
  width: 44px;
  height: 24px;
  padding: 0;
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.textMuted)};
  border-radius: 999px;
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.surfaceAlt)};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:disabled {
    cursor: progress;
    opacity: 0.8;
  }

  ${focusRing()}
`;

const Knob = styled.span<{ $on: boolean }>`
  position: absolute;
  top: 2px;
  left: ${({ $on }) => ($on ? '22px' : '2px')};
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ theme, $on }) => ($on ? theme.colors.primaryText : theme.colors.textMuted)};
  transition: left ${({ theme }) => theme.transitions.fast};
`;
