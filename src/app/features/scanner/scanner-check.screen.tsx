import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, ScrollArea, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconVolume } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseGs1, type Gs1Result } from '../../../shared/gs1';
import { NOTIFICATION_NODES } from '../../../shared/notification-sounds';
import { detectDeviceKind, setDeviceSetting, useDeviceKind, useDeviceSetting, type DeviceSetting } from '../../kit/device';
import { cue } from '../../kit/feedback';
import { ScanInput } from '../../kit/scan/scan-input';
import { SCANNER_MEDIAN_GAP_MS, visibleText, type ScanEntry, type ScanSource } from '../../kit/scan/scan-timing';
import { scanSettingsQuery, type ScanRefusal } from '../../kit/scan/use-scan-input';
import { SCAN_INTERVAL_MS } from '../../../shared/constants';

interface CheckedScan {
  id: number;
  entry: ScanEntry | null;
  refusal: ScanRefusal | null;
  gs1: Gs1Result | null;
  at: Date;
}

const HISTORY = 20;

const SOURCE_LABEL: Record<ScanSource, MessageDescriptor> = {
  scanner: msg`Scanner`,
  manual: msg`Typed`,
  camera: msg`Camera`,
};
const REFUSAL_LABEL: Record<ScanRefusal, MessageDescriptor> = {
  paste: msg`Paste refused`,
  drop: msg`Drop refused`,
  'slow-enter': msg`Enter too late: refused`,
};

/** Setup advice for a floor lead, from what the last entry shows about the scanner's settings. */
function adviceFor(entry: ScanEntry, intervalMs: number): MessageDescriptor[] {
  const advice: MessageDescriptor[] = [];
  const gaps = entry.keystrokes.slice(1).map((k) => k.gap ?? 0);
  const maxGap = Math.max(0, ...gaps);
  const suffixGap = Math.round(entry.suffixGapMs);
  if (entry.suffixGapMs > intervalMs) {
    advice.push(msg`The Enter came ${suffixGap} ms after the last character; scan fields refuse it after ${intervalMs} ms. Remove any suffix delay in the scanner settings.`);
  }
  if (maxGap > SCANNER_MEDIAN_GAP_MS && entry.source === 'scanner') {
    advice.push(msg`Characters arrive up to ${Math.round(maxGap)} ms apart. Set the scanner's inter-character delay to 0 for the fastest response.`);
  }
  if (entry.suffix === 'Tab') advice.push(msg`This scanner ends labels with Tab. Tally accepts it; Enter is the usual setting.`);
  return advice;
}

function Fact({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function LastScan({ scan, intervalMs }: { scan: CheckedScan; intervalMs: number }) {
  const { t, i18n } = useLingui();
  const { entry, refusal, gs1 } = scan;
  if (!entry) {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={refusal ? <span data-testid="scan-verdict">{i18n._(REFUSAL_LABEL[refusal])}</span> : undefined}
        data-testid="last-scan"
      >
        <Trans>Labels must be scanned: pasted or dropped text is refused in scan fields.</Trans>
      </Alert>
    );
  }
  const ms = (n: number) => t`${Math.round(n)} ms`;
  const advice = adviceFor(entry, intervalMs);
  return (
    <Stack gap="sm" data-testid="last-scan">
      <Group gap="xs">
        <Badge color={entry.source === 'scanner' ? 'teal' : entry.source === 'camera' ? 'blue' : 'orange'} data-testid="scan-source">
          {i18n._(SOURCE_LABEL[entry.source])}
        </Badge>
        {refusal ? (
          <Badge color="red" variant="light" data-testid="scan-verdict">{i18n._(REFUSAL_LABEL[refusal])}</Badge>
        ) : (
          <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />} data-testid="scan-verdict">
            <Trans>Accepted</Trans>
          </Badge>
        )}
      </Group>
      <Code block data-testid="scan-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {visibleText(entry.value)}
      </Code>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Fact label={<Trans>Characters</Trans>}>{entry.value.length}</Fact>
        <Fact label={<Trans>Total time</Trans>}>{ms(entry.totalMs)}</Fact>
        <Fact label={<Trans>Last character to suffix</Trans>}>{ms(entry.suffixGapMs)}</Fact>
        <Fact label={<Trans>Suffix</Trans>}>{entry.suffix}</Fact>
      </SimpleGrid>
      {advice.map((a) => (
        <Alert key={a.id} color="yellow" variant="light" p="xs">
          {i18n._(a)}
        </Alert>
      ))}
      {gs1 && (
        <div>
          <Title order={3} fz="sm" mb={4}>
            <Trans>GS1 elements</Trans>
          </Title>
          <Table withTableBorder striped fz="sm" data-testid="gs1-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>AI</Table.Th>
                <Table.Th>
                  <Trans>Element</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Value</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gs1.elements.map((el, i) => (
                <Table.Tr key={`${el.ai}-${i}`}>
                  <Table.Td>({el.ai})</Table.Td>
                  <Table.Td>{el.title}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{String(el.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {gs1.errors.map((err, i) => (
            <Text key={i} size="sm" c="red">
              {t`Problem at character ${err.at + 1}: ${err.code}${err.ai ? ` (AI ${err.ai})` : ''}`}
            </Text>
          ))}
        </div>
      )}
      <div>
        <Title order={3} fz="sm" mb={4}>
          <Trans>Timing per character</Trans>
        </Title>
        <ScrollArea.Autosize mah={240}>
          <Table fz="xs" withTableBorder data-testid="keystroke-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>
                  <Trans>Input</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Gap</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.keystrokes.map((k, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td ff="monospace">{visibleText(k.text)}</Table.Td>
                  <Table.Td>{k.gap === null ? '-' : ms(k.gap)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td />
                <Table.Td ff="monospace">⟨{entry.suffix.toUpperCase()}⟩</Table.Td>
                <Table.Td>{ms(entry.suffixGapMs)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </div>
    </Stack>
  );
}

function DeviceCard() {
  const { t } = useLingui();
  const setting = useDeviceSetting();
  const kind = useDeviceKind();
  const detected = detectDeviceKind(navigator.userAgent);
  const kindLabel = { pc: t`PC`, pda: t`PDA`, tablet: t`NQ1000 tablet` };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} fz="md">
          <Trans>This device</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Detected from the browser: {kindLabel[detected]}. PDAs and tablets get the operator layout, no on-screen keyboard in scan fields, and the PDA sound settings.</Trans>
        </Text>
        <SegmentedControl
          aria-label={t`Device type`}
          value={setting}
          onChange={(v) => setDeviceSetting(v as DeviceSetting)}
          data={[
            { value: 'auto', label: t`Automatic` },
            { value: 'pc', label: kindLabel.pc },
            { value: 'pda', label: kindLabel.pda },
            { value: 'tablet', label: kindLabel.tablet },
          ]}
          fullWidth
        />
        <Text size="sm">
          <Trans>In use: {kindLabel[kind]}</Trans>
        </Text>
      </Stack>
    </Card>
  );
}

function CueCard() {
  const { t, i18n } = useLingui();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} fz="md">
          <Trans>Sounds and voice</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Each button plays a cue as operators hear it, following this warehouse's notification sound settings for this device type.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {NOTIFICATION_NODES.map((node) => (
            <Button
              key={node.node}
              data-cue-node={node.node}
              variant="default"
              leftSection={<IconVolume size={16} aria-hidden />}
              justify="flex-start"
              h="auto"
              mih={36}
              py={6}
              // Long cue names wrap rather than being cut off.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              onClick={() => cue(node.node, { say: i18n._(node.label) })}
            >
              {i18n._(node.label)}
            </Button>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t`The spoken prompt is the cue's name, read in the current language.`}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Scanner check (/scanner-check): for a floor lead setting up a device. Every scan shows its
 * value, characters, total and per-character timing, how it was classified, whether the scan
 * rules accepted it, and its GS1 elements; the cues can be played one by one.
 */
export default function ScannerCheckScreen() {
  const { t, i18n } = useLingui();
  const settings = useQuery(scanSettingsQuery()).data;
  const intervalMs = settings?.intervalMs ?? SCAN_INTERVAL_MS;
  const [history, setHistory] = useState<CheckedScan[]>([]);
  const record = useCallback((entry: ScanEntry | null, refusal: ScanRefusal | null) =>
    setHistory((h) => [{ id: (h[0]?.id ?? 0) + 1, entry, refusal, gs1: entry ? parseGs1(entry.value) : null, at: new Date() }, ...h].slice(0, HISTORY)), []);
  const last = history[0];
  // The frame after a scan shows its result; the earlier scans follow in a later render.
  const earlier = useDeferredValue(history);
  // Elements kept across renders are not re-rendered by a scan: the field and the cards stay put.
  const field = useMemo(() => (
    <ScanInput
      label={<Trans>Scan here</Trans>}
      placeholder={t`Scan a label`}
      onScan={(entry) => {
        record(entry, null);
        return { ok: true };
      }}
      onRefused={(reason, entry) => record(entry ?? null, reason)}
    />
  ), [t, record]);
  const cards = useMemo(() => (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DeviceCard />
      <CueCard />
    </SimpleGrid>
  ), []);

  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} fz="h2">
          <Trans>Scanner check</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Scan any label. Scan fields accept an Enter at most {intervalMs} ms after the last character.</Trans>
        </Text>
      </div>
      {field}
      <Card withBorder radius="md" padding="md">
        {last ? (
          <LastScan scan={last} intervalMs={intervalMs} />
        ) : (
          <Text c="dimmed" size="sm">
            <Trans>Nothing scanned yet.</Trans>
          </Text>
        )}
      </Card>
      {earlier.length > 1 && (
        <Card withBorder radius="md" padding="md">
          <Title order={2} fz="md" mb="xs">
            <Trans>Earlier scans</Trans>
          </Title>
          <Table fz="sm" data-testid="scan-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Time`}</Table.Th>
                <Table.Th>{t`Value`}</Table.Th>
                <Table.Th>{t`Source`}</Table.Th>
                <Table.Th>{t`Result`}</Table.Th>
                <Table.Th>{t`Total time`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {earlier.slice(1).map((scan) => (
                <Table.Tr key={scan.id}>
                  <Table.Td>{scan.at.toLocaleTimeString(i18n.locale)}</Table.Td>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>{scan.entry ? visibleText(scan.entry.value) : '-'}</Table.Td>
                  <Table.Td>{scan.entry ? i18n._(SOURCE_LABEL[scan.entry.source]) : '-'}</Table.Td>
                  <Table.Td>{scan.refusal ? i18n._(REFUSAL_LABEL[scan.refusal]) : t`Accepted`}</Table.Td>
                  <Table.Td>{scan.entry ? t`${Math.round(scan.entry.totalMs)} ms` : '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {cards}
    </Stack>
  );
}
