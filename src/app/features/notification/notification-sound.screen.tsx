import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { contract } from '../../../shared/contract';
import {
  DEVICE_PLATFORM, NOTIFICATION_MODULES, SOUND_CLIPS, SOUND_TYPE, notificationNode,
  type CueKind, type DevicePlatform, type SoundClip, type SoundSetting,
} from '../../../shared/notification-sounds';
import { callApi } from '../../kit/api';
import { playClip } from '../../kit/feedback';
import { currentDeviceKind, platformOf } from '../../kit/device';
import { NOTIFICATION_QUERY_KEY, notificationQueries } from '../../kit/notification-queries';
import { MissingPermissionNote, useMayCall } from '../../kit/permitted';
import { toast } from '../../kit/toast';

const KIND_BADGE: Record<CueKind, { label: MessageDescriptor; color: string }> = {
  success: { label: msg`Success`, color: 'teal' },
  error: { label: msg`Error`, color: 'red' },
  warning: { label: msg`Warning`, color: 'yellow' },
};

const sameSetting = (a: SoundSetting, b: SoundSetting | undefined) =>
  b !== undefined && a.sound_type === b.sound_type && a.clip === b.clip && a.voice === b.voice;

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
      <Group gap="sm">
        <Text size="sm"><Trans>The notification sound settings could not be read from the server.</Trans></Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

interface NodeRowProps {
  label: string;
  kind: CueKind;
  setting: SoundSetting;
  changed: boolean;
  disabled: boolean;
  onChange: (patch: Partial<SoundSetting>) => void;
}

function NodeRow({ label, kind, setting, changed, disabled, onChange }: NodeRowProps) {
  const { t, i18n } = useLingui();
  const open = setting.sound_type === SOUND_TYPE.OPEN;
  return (
    <Table.Tr data-testid="notification-node" data-node={setting.node_name} bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{label}</Text>
          <Badge size="xs" variant="light" color={KIND_BADGE[kind].color}>{i18n._(KIND_BADGE[kind].label)}</Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t`Sound of ${label}`}
          label={open ? t`Open` : t`Close`}
          checked={open}
          disabled={disabled}
          onChange={(e) => onChange({ sound_type: e.currentTarget.checked ? SOUND_TYPE.OPEN : SOUND_TYPE.CLOSE })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={t`Clip of ${label}`}
          data={SOUND_CLIPS.map((c) => ({ value: c, label: c }))}
          value={setting.clip}
          allowDeselect={false}
          disabled={disabled || !open}
          onChange={(v) => {
            if (v) onChange({ clip: v as SoundClip });
          }}
          w={80}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t`Voice of ${label}`}
          checked={setting.voice === 1}
          disabled={disabled || !open}
          onChange={(e) => onChange({ voice: e.currentTarget.checked ? 1 : 0 })}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          aria-label={t`Play clip ${setting.clip} of ${label}`}
          onClick={() => playClip(setting.clip)}
        >
          <Trans>Play</Trans>
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Notification Sound (/wmsconfig/notificationCenter/sound): per device platform, which
 * notification nodes sound on this warehouse's devices, with which clip and whether the spoken
 * prompt is read out. Edits belong to the platform shown: switching platform waits until they
 * are saved or discarded. Without the Edit permission the page only shows the settings.
 */
export default function NotificationSoundScreen() {
  const { t, i18n } = useLingui();
  const canEdit = useMayCall(contract.updateNotificationSound.access);
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<DevicePlatform>(() => platformOf(currentDeviceKind()));
  const [edits, setEdits] = useState<ReadonlyMap<string, SoundSetting>>(new Map());
  const tree = useQuery(notificationQueries.tree());
  const list = useQuery(notificationQueries.soundList(platform));

  const saved = useMemo(() => new Map((list.data?.list ?? []).map((s) => [s.node_name, s])), [list.data]);
  const changes = [...edits.values()].filter((s) => !sameSetting(s, saved.get(s.node_name)));
  const dirty = changes.length > 0;

  const save = useMutation({
    mutationFn: (input: { platform: DevicePlatform; list: SoundSetting[] }) => callApi(contract.updateNotificationSound, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationQueries.soundList(answer.platform).queryKey, answer);
      setEdits(new Map());
      toast.success(t`Saved`);
      // This device's cues follow at once, whichever platform it is.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_QUERY_KEY });
    },
    // A refusal is toasted with the server's message by callApi; the edits stay for another try.
  });

  const edit = (nodeName: string, patch: Partial<SoundSetting>) => {
    const current = edits.get(nodeName) ?? saved.get(nodeName);
    if (current) setEdits(new Map(edits).set(nodeName, { ...current, ...patch }));
  };

  const platformLabel = (p: DevicePlatform) => (p === DEVICE_PLATFORM.PC ? t`PC` : t`PDA`);
  const moduleLabel = (module: string, fallback: string) => {
    const known = NOTIFICATION_MODULES.find((m) => m.module === module);
    return known ? i18n._(known.label) : fallback;
  };
  // A node the server knows but this (older) app does not still shows, with the server's English label.
  const nodeLabel = (nodeName: string, fallback: string) => {
    const known = notificationNode(nodeName);
    return known ? i18n._(known.label) : fallback;
  };

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={2}>
          <Trans>Notification Sound</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Which events sound on this warehouse's devices, with which clip, and whether the screen's prompt is spoken. A closed event makes no sound and no voice. PDAs and NQ1000 tablets use the PDA settings.</Trans>
        </Text>
      </div>

      {!canEdit && <MissingPermissionNote access={contract.updateNotificationSound.access} testId="notification-read-only" />}

      <Group gap="md" align="center" wrap="wrap">
        <SegmentedControl
          aria-label={t`Device platform`}
          value={String(platform)}
          disabled={dirty || save.isPending}
          onChange={(v) => {
            // Edits reverted by hand may remain: they belong to the platform left.
            setEdits(new Map());
            setPlatform(Number(v) === DEVICE_PLATFORM.PDA ? DEVICE_PLATFORM.PDA : DEVICE_PLATFORM.PC);
          }}
          data={[DEVICE_PLATFORM.PC, DEVICE_PLATFORM.PDA].map((p) => ({ value: String(p), label: platformLabel(p) }))}
        />
        {dirty && (
          <Text size="sm" c="dimmed">
            <Trans>Save or discard your changes to switch platform.</Trans>
          </Text>
        )}
      </Group>

      {tree.isPending || list.isPending ? (
        <Loader size="sm" aria-label={t`Loading`} />
      ) : tree.isError || list.isError ? (
        <LoadFailed onRetry={() => void Promise.all([tree.refetch(), list.refetch()])} />
      ) : (
        tree.data.map((module) => (
          <Paper key={module.module} withBorder p="sm" radius="md">
            <Title order={4} mb="xs">{moduleLabel(module.module, module.label)}</Title>
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label={moduleLabel(module.module, module.label)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th><Trans>Event</Trans></Table.Th>
                    <Table.Th w={130}><Trans>Sound</Trans></Table.Th>
                    <Table.Th w={100}><Trans>Clip</Trans></Table.Th>
                    <Table.Th w={70}><Trans>Voice</Trans></Table.Th>
                    <Table.Th w={100}><Trans>Preview</Trans></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {module.nodes.map((node) => {
                    const setting = edits.get(node.node_name) ?? saved.get(node.node_name);
                    if (!setting) return null;
                    return (
                      <NodeRow
                        key={node.node_name}
                        label={nodeLabel(node.node_name, node.label)}
                        kind={node.kind}
                        setting={setting}
                        changed={!sameSetting(setting, saved.get(node.node_name))}
                        disabled={!canEdit || save.isPending}
                        onChange={(patch) => edit(node.node_name, patch)}
                      />
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ))
      )}

      {canEdit && (
        <Group gap="sm">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate({ platform, list: changes })}
          >
            <Trans>Save</Trans>
          </Button>
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setEdits(new Map())}>
            <Trans>Discard changes</Trans>
          </Button>
          {dirty && (
            <Text size="sm" c="dimmed" data-testid="notification-unsaved">
              {plural(changes.length, { one: '# unsaved change', other: '# unsaved changes' })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
