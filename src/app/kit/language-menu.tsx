import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_NAMES, INTL_TAG, SOURCE_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { activateLocale } from './i18n';

interface LanguageMenuProps {
  /** Called after the catalog of the chosen language is active (e.g. to save the user setting). */
  onChanged?: (locale: Locale) => void;
  /** Only the icon (narrow navbars). */
  compact?: boolean;
}

/** The language dropdown: the ten languages by their own names; switches without a reload. */
export function LanguageMenu({ onChanged, compact = false }: LanguageMenuProps) {
  const { t, i18n } = useLingui();
  const active: Locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const choose = async (locale: Locale) => {
    if (locale === active) return;
    await activateLocale(locale);
    onChanged?.(locale);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={compact ? 6 : undefined}
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t`Language: ${LOCALE_NAMES[active]}`}
        >
          {compact ? null : LOCALE_NAMES[active]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={INTL_TAG[locale]}
            onClick={() => void choose(locale)}
            rightSection={locale === active ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={locale === active ? 'true' : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
