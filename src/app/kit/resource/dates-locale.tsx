import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { isLocale, type Locale } from '../../../shared/locales';

/** The dayjs locale of each interface language (month and day names of the date pickers). */
const DAYJS_LOCALES: Record<Locale, { name: string; load?: () => Promise<unknown> }> = {
  en: { name: 'en' },
  id: { name: 'id', load: () => import('dayjs/locale/id') },
  'ms-MY': { name: 'ms-my', load: () => import('dayjs/locale/ms-my') },
  'pt-BR': { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  'sp-MX': { name: 'es-mx', load: () => import('dayjs/locale/es-mx') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  'tl-PH': { name: 'tl-ph', load: () => import('dayjs/locale/tl-ph') },
};

/**
 * Date pickers in the interface language: loads its dayjs locale on first use (English until
 * then, or if it cannot be loaded).
 */
export function DatesLocale({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { i18n } = useLingui();
  const entry = DAYJS_LOCALES[isLocale(i18n.locale) ? i18n.locale : 'en'];
  const loaded = useQuery({
    queryKey: ['dayjsLocale', entry.name],
    queryFn: async () => {
      await entry.load?.();
      return entry.name;
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return <DatesProvider settings={{ locale: loaded.data ?? 'en' }}>{children}</DatesProvider>;
}
