import { QC_RULE_KIND } from '../../../shared/codes';
import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';

const K = QC_RULE_KIND.values;

/**
 * A QC rule carries the setting of its kind only: a percentage rule its sample %, an AQL rule its
 * level, a SKU-attributes rule neither (it inspects one unit). The other setting is cleared, so a
 * rule changed from one kind to another keeps nothing that no longer applies.
 */
export const qcRuleHooks: ResourceHooks = {
  prepare(values, current) {
    const merged = { ...current, ...values };
    const kind = merged.rule_kind;
    const out = { ...values };
    if (kind === K.PERCENTAGE_BASED) {
      if (merged.sample_percent == null) throw badInput('sample_percent', 'a percentage rule needs the share of each line to inspect (1 to 100)');
      if (merged.aql_level != null) out.aql_level = null;
    } else if (kind === K.AQL) {
      if (merged.aql_level == null) throw badInput('aql_level', 'an AQL rule needs its acceptance quality limit');
      if (merged.sample_percent != null) out.sample_percent = null;
    } else {
      if (merged.sample_percent != null) out.sample_percent = null;
      if (merged.aql_level != null) out.aql_level = null;
    }
    return out;
  },
};
