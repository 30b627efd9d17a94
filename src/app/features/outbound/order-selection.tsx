import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { outboundQueries } from './outbound.queries';

type Row = Record<string, unknown>;

/**
 * The rows chosen in an order list (sales, MT, RTS) to act on together: the list's selection
 * props, the chosen order numbers, and `moved` — after a bulk action, forget the choice and
 * refresh the lists and details.
 */
export function useOrderSelection() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(new Map());
  const orderNos = [...selected.keys()];
  const clear = () => setSelected(new Map());
  const moved = () => {
    clear();
    void queryClient.invalidateQueries({ queryKey: ['resource'] });
    void queryClient.invalidateQueries({ queryKey: outboundQueries.all });
  };
  return { selection: { selected, onChange: setSelected }, orderNos, count: orderNos.length, clear, moved };
}

/** The bar above an order list with the actions on the chosen rows (`children`), how many are chosen, and Clear choice. */
export function OrderBulkBar({ count, onClear, testId, children }: { count: number; onClear(): void; testId: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group gap="sm">
        <Text size="sm" c={count ? undefined : 'dimmed'}>{count ? t`Chosen: ${count}` : t`Choose orders in the list to act on them together.`}</Text>
        {children}
        {count > 0 && <Button size="xs" variant="subtle" onClick={onClear}><Trans>Clear choice</Trans></Button>}
      </Group>
    </Paper>
  );
}
