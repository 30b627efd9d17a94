import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClipboardCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { END_FULL_STOCK_COUNT, START_FULL_STOCK_COUNT } from '../../../shared/contract/full-stock-count.contract';
import { callApi } from '../../kit/api';
import { setFullStockCountFlag } from '../../kit/session';
import { toast } from '../../kit/toast';
import { useSession } from '../../kit/use-session';

/** Ending first warns of what the end does (the alert), then asks; starting only asks. */
type Step = 'closed' | 'alert' | 'confirm';

/**
 * The cycle count mode switch of the sidebar (spec §2, §4): normal cycle count ↔ full stock count.
 * Shown to users holding either permission; each direction needs its own (StartFullStockCount,
 * EndFullStockCount), and without it the switch is shown but cannot be moved.
 */
export function FullStockCountSwitch({ collapsed }: { collapsed: boolean }) {
  const { t } = useLingui();
  const { perms, fullStockCount: running } = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [step, setStep] = useState<Step>('closed');
  const operate = useMutation({
    mutationFn: (start: boolean) => callApi(contract.operateFullStockCount, { is_open_full_stock_count: start ? 1 : 0 }),
    onSuccess: ({ is_open_full_stock_count: nowRunning, start, end }) => {
      const orderNo = start?.order_no;
      const adjustNo = end?.adjust_no;
      const uncounted = end?.uncounted_locations ?? 0;
      const detail = orderNo ? t`Order ${orderNo} counts every active location.`
        : adjustNo ? t`${uncounted} locations were not counted: their stock is on adjustment ${adjustNo}, pending approval.` : null;
      toast.success(
        <Stack gap={2}>
          <Text size="sm" fw={500}>{nowRunning ? t`Full Stock Count Start` : t`Full Stock Count End`}</Text>
          {detail && <Text size="sm">{detail}</Text>}
        </Stack>,
      );
      void queryClient.invalidateQueries();
      // A cycle count or full stock count page open now redirects to the other side.
      if (setFullStockCountFlag(queryClient, nowRunning)) void router.invalidate();
    },
    onSettled: () => setStep('closed'),
  });

  const mayStart = perms.has(START_FULL_STOCK_COUNT);
  const mayEnd = perms.has(END_FULL_STOCK_COUNT);
  if (!mayStart && !mayEnd) return null;
  const mayOperate = running ? mayEnd : mayStart;
  const label = t`Full Stock Count`;
  const state = running ? t`Full stock count mode: stock cannot move until it ends.` : t`Normal cycle count mode.`;
  const why = mayOperate ? state : running
    ? t`Ending the full stock count needs the permission "End full stock count".`
    : t`Starting a full stock count needs the permission "Start full stock count".`;
  const begin = () => setStep(running ? 'alert' : 'confirm');

  return (
    <>
      {collapsed ? (
        <Tooltip label={`${label}: ${why}`} position="right" withArrow multiline w={240}>
          <ActionIcon
            variant={running ? 'filled' : 'subtle'}
            color={running ? 'orange' : 'gray'}
            size="lg"
            onClick={begin}
            disabled={!mayOperate || operate.isPending}
            aria-label={label}
            aria-pressed={running}
            data-testid="full-stock-count-switch"
          >
            <IconClipboardCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Tooltip label={why} withArrow multiline w={240} position="bottom-start">
          <div>
            <Switch
              label={label}
              color="orange"
              checked={running}
              disabled={!mayOperate || operate.isPending}
              onChange={begin}
              data-testid="full-stock-count-switch"
            />
          </div>
        </Tooltip>
      )}

      <Modal opened={step === 'alert'} onClose={() => setStep('closed')} title={t`End Full Stock Count`} centered>
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t`SKUs in the AV area that were not counted are treated as missing, and an inventory adjustment task is created for them.`}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')}>{t`Cancel`}</Button>
            <Button onClick={() => setStep('confirm')}>{t`OK`}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={step === 'confirm'}
        onClose={() => !operate.isPending && setStep('closed')}
        title={running ? t`End Full Stock Count` : t`Start Full Stock Count`}
        centered
      >
        <Stack>
          <Text>
            {running
              ? t`Switch to normal cycle count mode? Stock can move again once the full stock count ends.`
              : t`Switch to full stock count mode? Until it ends, stock cannot move in this warehouse: no putaway, picking, transfer or adjustment.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')} disabled={operate.isPending}>{t`Cancel`}</Button>
            <Button color={running ? undefined : 'orange'} loading={operate.isPending} onClick={() => operate.mutate(!running)}>{t`Confirm`}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
