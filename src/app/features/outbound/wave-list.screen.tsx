import { useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { WAVE_PAGES } from '../../../shared/contract/wave.contract';
import { waveDetailLink, waveLogResource, waveResource } from '../../../shared/resources/wave.resource';
import { ResourceList } from '../../kit/resource/resource-list';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';

/**
 * /salesoutbound/waveList (every wave) and /salesoutbound/waveLog (the waves that ended): the
 * derived lists of wave.resource.ts, each wave opening its detail, whose path also says whether
 * the wave was manual (read from the row).
 */
export default function WaveListScreen() {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isLog = pathname === WAVE_PAGES.log;
  const path = isLog ? WAVE_PAGES.log : WAVE_PAGES.list;
  const route = routeAt(path);
  const canOpenDetail = useCanOpen(WAVE_PAGES.logDetail);
  return (
    <ResourceList
      resource={isLog ? waveLogResource : waveResource}
      endpoint={isLog ? contract.searchWaveLog : contract.searchWave}
      title={route ? i18n._(route.title) : path}
      path={path}
      remember={route?.rememberFilters ?? false}
      exportable
      detailHref={canOpenDetail ? (key, row) => waveDetailLink(key, row.is_manual as number | boolean) : undefined}
    />
  );
}
