import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { ACTIVE_STATUS } from '../../../shared/codes';
import type { AutoWaveRun } from '../../../shared/contract/wave.contract';
import { autoWaveRuleResource } from '../../../shared/resources/outbound-rules.resource';
import { ListPage, type ListPageExtras } from '../../kit/resource/resource-pages';
import { AutoWaveRunResult, useCanRunAutoWaves, useRunAutoWaves } from './auto-wave-parts';

/**
 * /rulecenter/wave/autoWaveRule: the derived list of auto wave rules with the page's Action — Run
 * Now on an active rule's row, and Run Auto Waves Now (every active rule) — and what the run released.
 */
export default function AutoWaveRuleListScreen() {
  const { t } = useLingui();
  const canRun = useCanRunAutoWaves();
  const [runs, setRuns] = useState<AutoWaveRun[] | null>(null);
  const runNow = useRunAutoWaves(setRuns);
  const extras = useMemo<ListPageExtras>(() => (canRun ? {
    rowActions: [{
      label: t`Run Now`,
      visible: (row) => row.status === ACTIVE_STATUS.values.ACTIVE,
      onClick: (row) => runNow.mutate(Number(row.rule_id)),
    }],
    actions: (
      <Button variant="light" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={runNow.isPending} onClick={() => runNow.mutate(null)}>
        {t`Run Auto Waves Now`}
      </Button>
    ),
    above: runs && <AutoWaveRunResult runs={runs} />,
  } : {}), [canRun, runNow, runs, t]);
  return <ListPage def={autoWaveRuleResource} extras={extras} />;
}
