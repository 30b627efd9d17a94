import { Alert, Button, Card, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_COUNT_QTY } from '../../../shared/counting';
import type { CodeFacts, CountingFlow } from './use-counting';

/** The counting screen's questions: a count past what the group expects, and a code the group does not know. */

export function SurplusDialog({ flow }: { flow: CountingFlow }) {
  const { t } = useLingui();
  const { prompt, setPrompt } = flow;
  return (
    <Modal opened={prompt?.kind === 'surplus'} onClose={() => setPrompt(null)} title={t`More than expected`} centered>
      {prompt?.kind === 'surplus' && (
        <Stack>
          <Text size="sm">
            <Trans>
              SKU {prompt.line.sku_id}: the group expects {prompt.expected} and {prompt.counted} are counted. {prompt.surplus} of these {prompt.qty} units are surplus.
            </Trans>
          </Text>
          {prompt.elsewhere && <Text size="sm" c="orange" data-testid="counting-surplus-elsewhere"><Trans>Other devices have counted this SKU since this device last read the group.</Trans></Text>}
          <Group grow>
            <Button color="orange" onClick={() => void flow.count(prompt.line, prompt.qty, true)} data-testid="counting-surplus-confirm"><Trans>Count as surplus</Trans></Button>
            <Button variant="default" onClick={() => setPrompt(null)}><Trans>Cancel</Trans></Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function UnknownCodeDialog({ flow, groupNo }: { flow: CountingFlow; groupNo: string }) {
  const { t } = useLingui();
  const { prompt, setPrompt, openAsns } = flow;
  return (
    <Modal opened={prompt?.kind === 'unknown'} onClose={() => setPrompt(null)} title={t`Not in this group`} centered>
      {prompt?.kind === 'unknown' && (
        <Stack>
          <Text size="sm"><Trans>{prompt.code} is neither a carton nor a SKU this group expects.</Trans></Text>
          <CodeFactsText code={prompt.code} facts={prompt.facts} groupNo={groupNo} onCountInto={() => flow.countInto(prompt.code)} />
          {!(typeof prompt.facts === 'object' && prompt.facts.carton) && (
            <Card withBorder padding="sm">
              <Stack gap="xs">
                <Text size="sm" fw={600}><Trans>A carton that arrived with the goods</Trans></Text>
                {openAsns.length > 1 && (
                  <Select
                    label={<Trans>ASN of the carton</Trans>}
                    data={openAsns.map((a) => a.asn_no)}
                    value={flow.cartonAsn}
                    onChange={flow.setCartonAsn}
                    comboboxProps={{ withinPortal: false }}
                  />
                )}
                <Button variant="light" disabled={!flow.cartonAsn} onClick={() => void flow.registerCarton(prompt.code)} data-testid="counting-register-carton">
                  <Trans>Register carton</Trans>
                </Button>
              </Stack>
            </Card>
          )}
          <Card withBorder padding="sm">
            <Stack gap="xs">
              <Text size="sm" fw={600}><Trans>A product the group does not expect</Trans></Text>
              <NumberInput label={<Trans>Quantity</Trans>} value={flow.wrongQty} onChange={flow.setWrongQty} min={1} max={MAX_COUNT_QTY} allowDecimal={false} allowNegative={false} />
              <Button variant="light" color="red" onClick={() => void flow.recordWrongSku(prompt.code)} data-testid="counting-wrong-sku">
                <Trans>Record as wrong SKU</Trans>
              </Button>
            </Stack>
          </Card>
          <Button variant="default" onClick={() => setPrompt(null)}><Trans>Cancel</Trans></Button>
        </Stack>
      )}
    </Modal>
  );
}

/** What the server said of a code the group does not know, in the operator's words. */
function CodeFactsText({ code, facts, groupNo, onCountInto }: { code: string; facts: CodeFacts | 'asking' | 'offline'; groupNo: string; onCountInto(): void }) {
  if (facts === 'asking') return <Text size="xs" c="dimmed"><Trans>Asking the server about it…</Trans></Text>;
  if (facts === 'offline') return <Text size="xs" c="dimmed" data-testid="counting-code-facts"><Trans>Offline: checked against this device's copy of the group only.</Trans></Text>;
  const { carton, sku_id: skuId } = facts;
  if (carton && carton.group_no === groupNo) {
    return (
      <Alert color="teal" data-testid="counting-code-facts">
        <Stack gap="xs">
          <Text size="sm"><Trans>{code} is a carton of ASN {carton.asn_no} in this group, registered on another device.</Trans></Text>
          <Button size="xs" variant="light" onClick={onCountInto}><Trans>Count into this carton</Trans></Button>
        </Stack>
      </Alert>
    );
  }
  if (carton) {
    return <Alert color="red" data-testid="counting-code-facts"><Trans>{code} is a carton of ASN {carton.asn_no} in group {carton.group_no}: it does not belong here. Put it aside for that group.</Trans></Alert>;
  }
  return (
    <Text size="sm" c="dimmed" data-testid="counting-code-facts">
      {skuId ? <Trans>It is SKU {skuId} of this warehouse, which this group does not expect.</Trans> : <Trans>The warehouse knows no SKU by this code: an unknown item, or a carton label.</Trans>}
    </Text>
  );
}
